import { PassesListScreen } from '@/features/passes/components/passes-list-screen';

export default function PassesRoute() {
  return <PassesListScreen />;
}
