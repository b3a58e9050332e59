import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CrashScreen } from '@/components/crash-screen';

describe('CrashScreen (spec §2)', () => {
  afterEach(() => {
    delete window.__RAMPART_CONFIG__;
  });

  it('shows the title, message and 200 stars; "Our team has been notified" when a reporter (Sentry) is configured', () => {
    window.__RAMPART_CONFIG__ = { sentryDsn: 'https://publickey@o0.ingest.sentry.io/1' };
    render(<CrashScreen />);
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText("It looks like we're having issues. Our team has been notified.")).toBeTruthy();
    expect(screen.getAllByTestId('crash-star')).toHaveLength(200);
  });

  it('without a reporter it does not claim anyone was notified, and says what to do', () => {
    render(<CrashScreen />);
    expect(screen.queryByText(/notified/)).toBeNull();
    expect(
      screen.getByText(
        "It looks like we're having issues. This error was not reported automatically: if it happens again, tell our support team what you were doing.",
      ),
    ).toBeTruthy();
  });

  it('offers the home page to a visitor', () => {
    render(<CrashScreen />);
    const link = screen.getByRole('link', { name: 'Return to our home page' });
    expect(link.getAttribute('href')).toBe(`https://${window.location.host}`);
  });

  it('offers the dashboard when a csrfToken is stored', () => {
    window.localStorage.setItem('csrfToken', 'abc');
    render(<CrashScreen />);
    expect(screen.getByRole('link', { name: 'Return to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
