import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EmailsCard } from '@/features/sso/components/emails-card';
import type { AccountEmail, MyAccountClient } from '@/features/sso/lib/my-account';
import { MyAccountError } from '@/features/sso/lib/my-account-errors';

function fakeClient(initial: AccountEmail[]) {
  let emails = [...initial];
  const client = {
    host: 'idp.test:3001',
    getEmails: vi.fn(async () => emails),
    addEmail: vi.fn(async (email: string) => {
      const added: AccountEmail = { id: `e${emails.length + 1}`, email, roles: ['SECONDARY'], status: 'UNVERIFIED' };
      emails = [...emails, added];
      return added;
    }),
    sendEmailChallenge: vi.fn(async (email: AccountEmail) => ({ id: 'c1', emailId: email.id, email: email.email, expiresAt: '2026-11-23T14:05:00.000Z' })),
    verifyEmailChallenge: vi.fn(async (_challenge: unknown, code: string) => {
      if (code !== '123456')
        throw new MyAccountError('request', 'The verification code is not correct.', {
          status: 400,
          fields: { verificationCode: 'This code is not correct.' },
        });
      emails = emails.map((email) => (email.id === 'e2' ? { ...email, status: 'VERIFIED' as const } : email));
    }),
    makePrimaryEmail: vi.fn(async (address: string) => {
      emails = emails.map((email) => ({ ...email, roles: email.email === address ? ['PRIMARY' as const] : ['SECONDARY' as const] }));
      return emails.find((email) => email.email === address)!;
    }),
    deleteEmail: vi.fn(async () => {}),
    signInAgain: vi.fn(async () => {}),
  };
  return client;
}

describe('EmailsCard', () => {
  it('lists the addresses with their badges, adds one with a code, then makes it primary', async () => {
    const user = userEvent.setup({ delay: null });
    const client = fakeClient([{ id: 'e1', email: 'ada@example.com', roles: ['PRIMARY'], status: 'VERIFIED' }]);
    const onPrimaryChanged = vi.fn(async () => null);
    render(
      <MemoryRouter initialEntries={['/profile/general']}>
        <EmailsCard client={client as unknown as MyAccountClient} onPrimaryChanged={onPrimaryChanged} />
      </MemoryRouter>,
    );

    const list = await screen.findByRole('list', { name: 'E-mail addresses' });
    const primary = within(list).getByRole('listitem');
    expect(primary.textContent).toContain('ada@example.com');
    expect(within(primary).getByText('Primary')).toBeTruthy();
    expect(within(primary).getByText('Verified')).toBeTruthy();
    expect(within(primary).queryByRole('button', { name: 'Remove ada@example.com' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an e-mail address' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'ada@work.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/^We sent a 6-digit code to ada@work\.example\. It expires at /)).toBeTruthy();
    expect(client.addEmail).toHaveBeenCalledWith('ada@work.example');

    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('This code is not correct.')).toBeTruthy();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Verification code' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const makePrimary = await screen.findByRole('button', { name: 'Make ada@work.example primary' });
    await user.click(makePrimary);
    await vi.waitFor(() => expect(onPrimaryChanged).toHaveBeenCalled());
    expect(client.makePrimaryEmail).toHaveBeenCalledWith('ada@work.example');
    expect(await screen.findByRole('button', { name: 'Remove ada@example.com' })).toBeTruthy();
  }, 30_000);

  it('without an access token, says so with "Sign in again" returning to this screen', async () => {
    const user = userEvent.setup({ delay: null });
    const client = fakeClient([]);
    client.getEmails.mockRejectedValue(new MyAccountError('missing-token', 'AccessToken is required to request MyAccount API endpoints.'));
    render(
      <MemoryRouter initialEntries={['/profile/general']}>
        <EmailsCard client={client as unknown as MyAccountClient} onPrimaryChanged={async () => null} />
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('AccessToken is required to request MyAccount API endpoints.');
    await user.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    expect(client.signInAgain).toHaveBeenCalledWith('/profile/general');
  });
});
