import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DecisionDialog } from '@/features/kyb-review/components/decision-dialog';

describe('DecisionDialog', () => {
  it('will not put an application on hold without the reason the partner reads', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn().mockResolvedValue(undefined);
    const onOpenChange = vi.fn();
    render(<DecisionDialog subject="application" decision="OnHold" subjectName="Acme Ltd" onDecide={onDecide} onOpenChange={onOpenChange} />);

    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    expect(await screen.findByText('Tell the partner what to fix: they read this reason.')).toBeTruthy();
    expect(onDecide).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Reason' }), '  Upload a proof of address under 3 months old.  ');
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    expect(onDecide).toHaveBeenCalledWith('OnHold', 'Upload a proof of address under 3 months old.');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('approves without a note, sending no reason', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn().mockResolvedValue(undefined);
    render(<DecisionDialog subject="goLive" decision="Approved" subjectName="On-ramp for Acme" onDecide={onDecide} onOpenChange={() => {}} />);
    expect(screen.getByRole('alertdialog', { name: 'Approve: On-ramp for Acme' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide).toHaveBeenCalledWith('Approved', null);
  });
});
