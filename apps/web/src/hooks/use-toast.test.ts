import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boxesOverlap, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY, toastReducer, useToast, type ToasterToast } from '@/hooks/use-toast';

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

describe('the button a toast answers (issue 36: never covered by it)', () => {
  it('is where the button just pressed is, which the toaster keeps the toast off', () => {
    const { result } = renderHook(() => useToast());
    const button = document.createElement('button');
    document.body.append(button);
    button.getBoundingClientRect = () => DOMRect.fromRect({ x: 1105, y: 655, width: 130, height: 36 });
    button.click();
    act(() => void toast({ title: 'Saved' }));
    expect(result.current.toasts[0]?.anchor).toEqual({ top: 655, right: 1235, bottom: 691, left: 1105 });
    // A save bar that closes on success takes its button away first: where it was still counts.
    button.click();
    button.remove();
    act(() => void toast({ title: 'Saved' }));
    expect(result.current.toasts[0]?.anchor).toEqual({ top: 655, right: 1235, bottom: 691, left: 1105 });
  });

  it('counts as covered when the boxes share any area', () => {
    const button = { top: 655, right: 1235, bottom: 691, left: 1105 };
    expect(boxesOverlap({ top: 606, right: 1264, bottom: 704, left: 876 }, button)).toBe(true);
    expect(boxesOverlap({ top: 80, right: 1264, bottom: 178, left: 876 }, button)).toBe(false);
    expect(boxesOverlap({ top: 606, right: 1100, bottom: 704, left: 700 }, button)).toBe(false);
  });
});
