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
});
