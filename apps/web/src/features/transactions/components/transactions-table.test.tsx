import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TransactionsTable, type TransactionsTableProps } from '@/features/transactions/components/transactions-table';

// The table scrolls sideways and measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ROW = {
  id: '8d0f6a52-2a4e-4d8e-9a51-0a3c1f2b7e11',
  createdAt: '2026-03-01T10:00:00.000Z',
  status: 'completed',
  externalTransactionId: 'order-77',
  amount: '100.00',
  currency: 'eur',
  secondary: '0.0021 BTC',
};

function renderTable(props: Partial<TransactionsTableProps> = {}) {
  const onSort = vi.fn();
  render(
    <MemoryRouter>
      <TransactionsTable tab="on-ramp" rows={[ROW]} loaded loading={false} testMode={false} filtered={false} sort="createdAt_DESC" onSort={onSort} {...props} />
    </MemoryRouter>,
  );
  return { onSort };
}

describe('TransactionsTable', () => {
  it('shows a row in the table and in the narrow list, and sorts from the headings', async () => {
    const user = userEvent.setup();
    const { onSort } = renderTable();
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Created ↓', 'Status', 'Amount ', 'Receives', 'External id', 'Id']);
    expect(within(table).getByText('order-77')).toBeTruthy();
    expect(within(table).getByText('0.0021 BTC')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Transactions (list)' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/transactions/${ROW.id}`);
    await user.click(within(table).getByRole('button', { name: 'Created ↓' }));
    await user.click(within(table).getByRole('button', { name: 'Amount' }));
    expect(onSort.mock.calls).toEqual([['createdAt_ASC'], ['amount_DESC']]);
  });

  it('names the balance column Type and says when nothing matches in test mode', () => {
    renderTable({ tab: 'balance', rows: [], testMode: true, filtered: true });
    expect(screen.getByRole('columnheader', { name: 'Type' })).toBeTruthy();
    expect(screen.getAllByText('No transactions match these filters in test mode.')).toHaveLength(2);
  });

  it('says there is none yet, not that filters hide them, when no filter is set (issue 36: a new partner’s empty list)', () => {
    renderTable({ tab: 'on-ramp', rows: [], testMode: true });
    expect(screen.getAllByText('No on-ramp transactions yet in test mode.')).toHaveLength(2);
    expect(screen.queryByText(/match these filters/)).toBeNull();
  });

  it('shows skeletons, not the empty message, until the first page arrives', () => {
    renderTable({ rows: [], loaded: false, loading: true });
    expect(screen.queryByText(/No transactions match/)).toBeNull();
    expect(screen.getByRole('table', { name: 'Transactions' }).getAttribute('aria-busy')).toBe('true');
    expect(document.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(6 + 8);
  });
});
