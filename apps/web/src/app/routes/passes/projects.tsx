import { ProjectsScreen } from '@/features/passes/components/projects-screen';

export default function PassesRoute() {
  return <ProjectsScreen />;
}
