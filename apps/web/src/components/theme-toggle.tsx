import { lazy, Suspense } from 'react';
import { ThemeButton, type ThemeToggleProps } from '@/components/theme-button';
import { useMenuOnIntent } from '@/hooks/use-menu-on-intent';

// The menu (Radix DropdownMenu, ~20 KB compressed) loads when the button is first pointed at, focused or pressed:
// every public page shows the button, few visitors open it.
const loadThemeMenu = () => import('@/components/theme-menu');
const ThemeMenu = lazy(loadThemeMenu);

export function ThemeToggle(props: ThemeToggleProps) {
  const { wanted: menuWanted, triggerProps } = useMenuOnIntent(loadThemeMenu);
  const button = <ThemeButton choice={props.choice} resolved={props.resolved} className={props.className} {...triggerProps} />;
  if (!menuWanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu {...props} focusFirstChoice={menuWanted === 'keyboard'} />
    </Suspense>
  );
}
