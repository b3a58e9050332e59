import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { placementAwayFrom, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY, toastReducer, useToast, type ToasterToast } from '@/hooks/use-toast';

const make = (id: string): ToasterToast => ({ id, title: `Toast ${id}`, open: true });

describe('toastReducer (spec §2, §9)', () => {
  it('keeps one visible toast: a new one replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('dismiss closes the toast, remove deletes it', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = toastReducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0]?.open).toBe(false);
    state = toastReducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Changed' } });
    expect(state.toasts[0]?.title).toBe('Changed');
  });

  it('uses the classic removal delay', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});

describe('where a toast shows (issue 36: never over the button it answers)', () => {
  it('takes the edge of the screen away from the button', () => {
    expect(placementAwayFrom({ top: 656, bottom: 692 }, 720)).toBe('top');
    expect(placementAwayFrom({ top: 80, bottom: 116 }, 720)).toBe('bottom');
    expect(placementAwayFrom(null, 720)).toBe('top');
  });

  it('answers the button just pressed', () => {
    const { result } = renderHook(() => useToast());
    const button = document.createElement('button');
    document.body.append(button);
    for (const [y, expected] of [
      [window.innerHeight - 60, 'top'],
      [20, 'bottom'],
    ] as const) {
      button.getBoundingClientRect = () => DOMRect.fromRect({ x: 900, y, width: 120, height: 36 });
      button.click();
      act(() => void toast({ title: 'Saved' }));
      expect(result.current.toasts[0]?.placement).toBe(expected);
    }
    button.remove();
  });
});
