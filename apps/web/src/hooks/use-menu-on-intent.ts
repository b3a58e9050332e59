import { useEffect, useState, type MouseEvent, type RefObject } from 'react';

/**
 * A menu whose Radix DropdownMenu (menu, collection, roving focus, popper) loads when its button is first pointed at,
 * focused or pressed: the shell shows the theme, account and user buttons on every screen, few visits open them.
 * Spread `triggerProps` on the plain button shown until then; once `wanted`, render the loaded menu opened, with the
 * same button as its trigger. `wanted` is 'keyboard' when the press was Enter or Space (a click with no pointer
 * detail): the menu then focuses its first item (`useFocusFirstMenuItem`), as Radix does for a keyboard opening.
 * `popup` 'dialog' for a popover or sheet (which moves focus into itself when it opens).
 */
export function useMenuOnIntent(load: () => Promise<unknown>, popup: 'menu' | 'dialog' = 'menu') {
  const [wanted, setWanted] = useState<false | 'pointer' | 'keyboard'>(false);
  const preload = () => void load().catch(() => {});
  return {
    wanted,
    triggerProps: {
      'aria-haspopup': popup,
      'aria-expanded': false,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: (event: MouseEvent) => setWanted(event.detail === 0 ? 'keyboard' : 'pointer'),
    },
  };
}

/** Radix focuses the first item only when it saw the key press itself; the press that loaded the menu came before. */
export function useFocusFirstMenuItem(content: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    let tries = 0;
    const focusFirst = () => {
      const first = content.current?.querySelector<HTMLElement>('[role^="menuitem"]');
      if (first) first.focus();
      else if (++tries < 60) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(frame);
  }, [content, enabled]);
}
