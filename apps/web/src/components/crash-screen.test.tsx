import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CrashScreen } from '@/components/crash-screen';

describe('CrashScreen (spec §2)', () => {
  it('shows the title, message and 200 stars', () => {
    render(<CrashScreen />);
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText("It looks like we're having issues. Our team has been notified.")).toBeTruthy();
    expect(screen.getAllByTestId('crash-star')).toHaveLength(200);
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
