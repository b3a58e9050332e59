import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmItemDialog } from '@/components/confirm-dialog';
import { useToast } from '@/hooks/use-toast';

describe('ConfirmItemDialog', () => {
  it('asks in the words of its action and noun, confirms with the item id, then toasts what went', async () => {
    const user = userEvent.setup();
    const toasts = renderHook(() => useToast());
    const onConfirm = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(
      <ConfirmItemDialog
        action="revoke"
        noun="key"
        item={{ id: 'key-1', name: 'Production server' }}
        description="Requests with it are refused at once."
        doneDescription="Production server is refused from now on."
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Revoke the key “Production server”?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledWith('key-1');
    expect(toasts.result.current.toasts[0]).toMatchObject({ title: 'Key revoked', description: 'Production server is refused from now on.' });
  });

  it('stays closed without an item, and keeps open with the server’s words when the change fails', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ConfirmItemDialog noun="wallet" item={null} description="Gone." onConfirm={() => Promise.resolve()} onClose={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender(
      <ConfirmItemDialog
        noun="wallet"
        item={{ id: 'w-1', name: 'Bitcoin bc1q…' }}
        title="Delete this payout wallet?"
        description="Gone."
        onConfirm={() => Promise.reject(new Error('The wallet is in use.'))}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete this payout wallet?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete wallet' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not delete the wallet');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
