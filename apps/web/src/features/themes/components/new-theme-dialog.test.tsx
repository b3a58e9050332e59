import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NewThemeDialog } from '@/features/themes/components/new-theme-dialog';

// Radix radios and checkboxes measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('NewThemeDialog', () => {
  it('keeps what the user typed and chose when the default name changes while it is open (a themes refetch landing)', async () => {
    const user = userEvent.setup({ delay: null });
    const dialog = (defaultName: string) => (
      <MockedProvider mocks={[]}>
        <NewThemeDialog open onOpenChange={() => {}} accountId="acc-1" hasActive logoMaxBytes={1_000_000} defaultName={defaultName} />
      </MockedProvider>
    );
    const { rerender } = render(dialog('Theme 2'));
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Theme name' });
    expect(name.value).toBe('Theme 2');
    await user.clear(name);
    await user.type(name, 'Campaign');
    await user.click(screen.getByRole('checkbox', { name: 'Make it the active theme' }));
    expect(screen.getByRole('checkbox', { name: 'Make it the active theme' }).getAttribute('aria-checked')).toBe('false');

    rerender(dialog('Theme 3'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Theme name' }).value).toBe('Campaign');
    expect(screen.getByRole('checkbox', { name: 'Make it the active theme' }).getAttribute('aria-checked')).toBe('false');
  }, 30_000);
});
