import { ThemeScreen } from '@/features/themes/components/theme-screen';

export default function ThemeRoute() {
  return <ThemeScreen />;
}
