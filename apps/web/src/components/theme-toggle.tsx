import { LaptopIcon, MoonIcon, SunIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import type { ThemeChoice } from '@/lib/theme';
import { cn } from '@/lib/utils';

export const THEME_LABELS: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export interface ThemeToggleProps {
  choice: ThemeChoice;
  resolved: 'light' | 'dark';
  onChange: (choice: ThemeChoice) => void;
  className?: string;
}

// The menu (Radix DropdownMenu, ~20 KB compressed) loads when the button is first pointed at, focused or pressed:
// every public page shows the button, few visitors open it.
const loadThemeMenu = () => import('@/components/theme-menu');
const ThemeMenu = lazy(loadThemeMenu);

/** The round theme button; the menu's trigger once the menu has loaded. */
export function ThemeButton({ choice, resolved, className, ...props }: Omit<ThemeToggleProps, 'onChange'> & ComponentProps<typeof Button>) {
  const Icon = choice === 'system' ? LaptopIcon : resolved === 'dark' ? MoonIcon : SunIcon;
  return (
    <Button variant="outline" size="icon" className={cn('rounded-full', className)} aria-label={`Theme: ${THEME_LABELS[choice]}`} {...props}>
      <Icon aria-hidden />
    </Button>
  );
}

export function ThemeToggle(props: ThemeToggleProps) {
  // 'keyboard' when the first press was Enter or Space (a click with no pointer detail): the menu then focuses its
  // first choice, as Radix does for a keyboard opening.
  const [menuWanted, setMenuWanted] = useState<false | 'pointer' | 'keyboard'>(false);
  const preload = () => void loadThemeMenu().catch(() => {});
  const button = (
    <ThemeButton
      choice={props.choice}
      resolved={props.resolved}
      className={props.className}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => setMenuWanted(event.detail === 0 ? 'keyboard' : 'pointer')}
    />
  );
  if (!menuWanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu {...props} focusFirstChoice={menuWanted === 'keyboard'} />
    </Suspense>
  );
}
