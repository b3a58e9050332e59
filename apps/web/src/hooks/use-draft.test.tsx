import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDraft } from '@/hooks/use-draft';

describe('useDraft', () => {
  it('keeps edits while the applied values stay, and follows them when they change', () => {
    const { result, rerender } = renderHook(({ applied }) => useDraft(applied, applied.q), { initialProps: { applied: { q: 'ada' } } });
    expect(result.current[0]).toEqual({ q: 'ada' });
    act(() => result.current[1]({ q: 'ada lov' }));
    rerender({ applied: { q: 'ada' } });
    expect(result.current[0]).toEqual({ q: 'ada lov' });
    rerender({ applied: { q: '' } });
    expect(result.current[0]).toEqual({ q: '' });
  });

  it('follows the address on Back even when the search it undoes never rendered', () => {
    // Typed and searched, then Back before the router's transition rendered the search: the applied value the hook
    // sees never changes, only the history step says the fields must follow the address again.
    const { result } = renderHook(() => useDraft('', ''));
    act(() => result.current[1]('Demo Payments'));
    expect(result.current[0]).toBe('Demo Payments');
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(result.current[0]).toBe('');
    act(() => result.current[1]('Demo'));
    expect(result.current[0]).toBe('Demo');
  });
});
