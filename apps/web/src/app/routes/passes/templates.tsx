import { TemplatesScreen } from '@/features/passes/components/templates-screen';

export default function PassesRoute() {
  return <TemplatesScreen />;
}
