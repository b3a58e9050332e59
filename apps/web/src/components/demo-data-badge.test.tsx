import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DemoDataBadge } from '@/components/demo-data-badge';

describe('DemoDataBadge', () => {
  it('labels the account as demo data and explains it, with the command that removes it, on click and by keyboard', async () => {
    const user = userEvent.setup();
    render(<DemoDataBadge />);
    const badge = screen.getByRole('button', { name: 'Demo data' });
    expect(screen.queryByRole('dialog')).toBeNull();

    // The explanation loads on first use (use-menu-on-intent.ts), then opens.
    await user.click(badge);
    const explanation = await screen.findByRole('dialog');
    expect(explanation.textContent).toContain('made up for the demo: its customers, transactions and figures are not real');
    expect(explanation.querySelector('code')?.textContent).toBe('npm run seed -- --remove-demo');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByRole('button', { name: 'Demo data' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog').textContent).toContain('Whoever runs your Rampart removes it with');
  });
});
