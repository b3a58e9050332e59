import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProviderSessionCard } from '@/features/sso/components/provider-session-card';
import type { MyAccountClient } from '@/features/sso/lib/my-account';
import { MyAccountError } from '@/features/sso/lib/my-account-errors';

describe('ProviderSessionCard', () => {
  it('without a provider session, signs in there and hands the session over, returning to this screen', async () => {
    const user = userEvent.setup({ delay: null });
    const client = {
      host: 'idp.test:3001',
      getSession: vi.fn(async () => null),
      signedInAs: () => 'ada@example.com',
      startSession: vi.fn(async (_username: string, password: string) => {
        if (password !== 'right-password') {
          throw new MyAccountError('request', 'The e-mail address or password is not correct.', {
            status: 401,
            fields: { password: 'The e-mail address or password is not correct.' },
          });
        }
      }),
      signInAgain: vi.fn(async () => {}),
    };
    render(
      <MemoryRouter initialEntries={['/profile/security?tab=1']}>
        <ProviderSessionCard client={client as unknown as MyAccountClient} />
      </MemoryRouter>,
    );

    expect((await screen.findByRole('status')).textContent).toContain('You have no session at idp.test:3001.');
    const form = screen.getByRole('form', { name: 'Sign in at idp.test:3001' });
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'E-mail' }).value).toBe('ada@example.com');
    await user.type(within(form).getByLabelText('Password'), 'wrong-password');
    await user.click(within(form).getByRole('button', { name: 'Sign in at idp.test:3001' }));
    expect(await within(form).findByText('The e-mail address or password is not correct.')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'right-password');
    await user.click(within(form).getByRole('button', { name: 'Sign in at idp.test:3001' }));
    await vi.waitFor(() => expect(client.startSession).toHaveBeenLastCalledWith('ada@example.com', 'right-password', '/profile/security?tab=1'));
  }, 30_000);
});
