import { AreaPlaceholder } from '@/components/layouts/area-placeholder';

interface AreaRouteProps {
  title: string;
  description?: string;
}

export default function AreaRoute({ title, description }: AreaRouteProps) {
  return <AreaPlaceholder title={title} description={description} />;
}
