import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from '@/hooks/use-document-title';

describe('useDocumentTitle', () => {
  it('sets the title, and sets it again when it changes', () => {
    document.title = 'Before';
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), { initialProps: { title: 'Customers · Rampart' } });
    expect(document.title).toBe('Customers · Rampart');
    rerender({ title: 'Ada Lovelace · Customers · Rampart' });
    expect(document.title).toBe('Ada Lovelace · Customers · Rampart');
  });
});
