import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreateApiKeyMutation } from '@/features/developers/api/keys';
import { CreateKeyDialog } from '@/features/developers/components/create-key-dialog';

// Radix radios measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const created = {
  __typename: 'ApiKey' as const,
  id: 'key-1',
  type: 'restricted' as const,
  liveMode: false,
  secret: 'rk_test_abcdefghijklmnopqrstuvwxyz012345',
  createdAt: '2026-11-23T02:00:00.000Z',
  deletedAt: null,
  isWaitingDeletion: false,
  secondsUntilDeletion: null,
  name: 'Reporting job',
  lastUsedAt: null,
  canReveal: true,
  restrictions: [{ __typename: 'ApiKeyRestriction' as const, resource: 'transactions', access: 'read' as const }],
};

describe('CreateKeyDialog', () => {
  it('asks for at least one permission, offers Write only where a resource has write routes, and sends the chosen access', async () => {
    const user = userEvent.setup({ delay: null });
    const onCreated = vi.fn();
    const variables = { accountId: 'acc-1', liveMode: false, name: 'Reporting job', restrictions: [{ resource: 'transactions', access: 'read' }] };
    render(
      <MockedProvider mocks={[{ request: { query: CreateApiKeyMutation, variables }, result: { data: { createApiKey: created } } }]}>
        <CreateKeyDialog kind="restricted" accountId="acc-1" liveMode={false} onClose={() => {}} onCreated={onCreated} />
      </MockedProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Create a restricted test key' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Key name' }), '  Reporting job ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Give the key Read or Write access to at least one resource.')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();

    const customers = screen.getByRole('radiogroup', { name: 'Customers' });
    expect((customers.querySelector('[value="write"]') as HTMLButtonElement).disabled).toBe(true);
    const transactions = screen.getByRole('radiogroup', { name: 'Transactions' });
    await user.click(transactions.querySelector('[value="read"]') as HTMLButtonElement);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'key-1', secret: created.secret })));
  }, 30_000);
});
