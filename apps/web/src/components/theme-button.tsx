import { LaptopIcon, MoonIcon, SunIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import type { ThemeChoice } from '@/lib/theme';
import { cn } from '@/lib/utils';

// Its own file so that theme-toggle.tsx (which loads the menu lazily) and theme-menu.tsx both import it without an import circle.

export const THEME_LABELS: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export interface ThemeToggleProps {
  choice: ThemeChoice;
  resolved: 'light' | 'dark';
  onChange: (choice: ThemeChoice) => void;
  className?: string;
}

/** The round theme button; the menu's trigger once the menu has loaded. */
export function ThemeButton({ choice, resolved, className, ...props }: Omit<ThemeToggleProps, 'onChange'> & ComponentProps<typeof Button>) {
  const Icon = choice === 'system' ? LaptopIcon : resolved === 'dark' ? MoonIcon : SunIcon;
  return (
    <Button variant="outline" size="icon" className={cn('rounded-full', className)} aria-label={`Theme: ${THEME_LABELS[choice]}`} {...props}>
      <Icon aria-hidden />
    </Button>
  );
}
