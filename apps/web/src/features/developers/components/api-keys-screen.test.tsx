import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiReferenceLink } from '@/features/developers/components/api-keys-screen';

describe('ApiReferenceLink', () => {
  it('opens the server-rendered API reference in a new tab, without giving it this window', () => {
    render(<ApiReferenceLink />);
    const link = screen.getByRole('link', { name: 'API reference (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/docs/api');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });
});
