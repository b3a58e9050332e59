import { lazy, Suspense, useState } from 'react';
import { ThemeButton, type ThemeToggleProps } from '@/components/theme-button';

// The menu (Radix DropdownMenu, ~20 KB compressed) loads when the button is first pointed at, focused or pressed:
// every public page shows the button, few visitors open it.
const loadThemeMenu = () => import('@/components/theme-menu');
const ThemeMenu = lazy(loadThemeMenu);

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
