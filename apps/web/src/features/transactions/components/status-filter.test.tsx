import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionKind } from '@rampart/shared/transactions';
import { parseStatuses, StatusFilter } from '@/features/transactions/components/status-filter';

function Harness(props: { kind: TransactionKind; initial: string; onApply?: (value: string) => void }) {
  const [value, setValue] = useState(props.initial);
  return <StatusFilter kind={props.kind} value={value} onChange={setValue} onApply={() => props.onApply?.(value)} />;
}

describe('parseStatuses', () => {
  it('reads one status or several, comma-separated, without blanks or repeats', () => {
    expect(parseStatuses('')).toEqual([]);
    expect(parseStatuses('failed')).toEqual(['failed']);
    expect(parseStatuses('failed, pending,,failed')).toEqual(['failed', 'pending']);
  });
});

describe('StatusFilter', () => {
  it('lists the kind’s statuses, ticks several in the kind’s order and applies them', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<Harness kind="sell" initial="pending" onApply={onApply} />);
    await user.click(screen.getByRole('button', { name: 'Status: Processing' }));
    // The popover loads on the button's first use (checklist-popover.tsx), then opens.
    const checkboxes = await screen.findAllByRole('checkbox');
    expect(checkboxes.map((box) => box.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'true', 'false']);
    expect(screen.getByRole('group', { name: 'Statuses' }).textContent).toBe('CompletedFailedFrozenProcessingWaiting for deposit');
    await user.click(screen.getByText('Failed'));
    expect(screen.getByRole('checkbox', { name: 'Failed' })).toHaveProperty('ariaChecked', 'true');
    expect(screen.getByRole('button', { name: /^Status/ }).textContent).toBe('Status: 2 selected');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith('failed,pending');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the balance statuses, keeps an unknown status of an old link so it can be unticked, and clears', async () => {
    const user = userEvent.setup();
    render(<Harness kind="balance" initial="failed" />);
    await user.click(screen.getByRole('button', { name: 'Status: Failed' }));
    expect((await screen.findAllByRole('checkbox')).map((box) => document.querySelector(`label[for="${box.id}"]`)?.textContent)).toEqual([
      'Completed',
      'Failed',
      'Processing',
      'Waiting for payment',
      'Failed',
    ]);
    // The unknown "failed" of an old link is listed last (balance statuses are capitalised).
    await user.click(screen.getAllByRole('checkbox', { name: 'Failed' })[1]!);
    expect(screen.getByRole('button', { name: /^Status/ }).textContent).toBe('Status');
    await user.click(screen.getByRole('checkbox', { name: 'Processing' }));
    await user.click(screen.getAllByRole('checkbox', { name: 'Failed' })[0]!);
    expect(screen.getByRole('button', { name: /^Status/ }).textContent).toBe('Status: 2 selected');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getAllByRole('checkbox').filter((box) => box.getAttribute('aria-checked') === 'true')).toEqual([]);
  });
});
