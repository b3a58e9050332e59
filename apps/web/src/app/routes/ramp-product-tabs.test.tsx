import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import KybRoute from '@/app/routes/kyb';
import GoLiveRoute from '@/app/routes/go-live';
import { ViewerProvider } from '@/hooks/use-permission';

// The tab bar measures its scroller; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Issue 36: a ramp product's pages share one tab bar, the business verification and go-live pages included.
function renderAt(path: string, page: React.ReactNode, role: 'administrator' | 'analyst' = 'administrator') {
  render(
    <MockedProvider>
      <MemoryRouter initialEntries={[path]}>
        <ViewerProvider viewer={{ role, adminRole: null }}>{page}</ViewerProvider>
      </MemoryRouter>
    </MockedProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'On-ramp set-up' }));
}

describe('the ramp product tab bar', () => {
  it('leads the KYB and go-live pages, with their own tab current', () => {
    for (const [path, page, current] of [
      ['/dashboard/on-ramp/kyb', <KybRoute key="kyb" product="OnRamp" />, 'Business verification'],
      ['/dashboard/on-ramp/go-live', <GoLiveRoute key="go-live" product="OnRamp" />, 'Go live'],
    ] as const) {
      const tabs = renderAt(path, page);
      expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Overview',
        'Cryptocurrencies',
        'Fees',
        'Integrate',
        'Business verification',
        'Go live',
      ]);
      expect(tabs.getByRole('link', { name: current }).getAttribute('aria-current')).toBe('page');
      cleanup();
    }
  });

  it('offers only the pages the role may open', () => {
    const tabs = renderAt('/dashboard/on-ramp/kyb', <KybRoute product="OnRamp" />, 'analyst');
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Cryptocurrencies', 'Business verification', 'Go live']);
  });
});
