import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TransactionFilterForm } from '@/features/transactions/components/transaction-filter-form';
import type { TransactionFilters } from '@/features/transactions/lib/search-params';

const APPLIED: TransactionFilters = { q: 'ada', status: '', min: '', max: '', from: '', to: '', sort: 'amount_ASC', page: 2, take: 50 };

function renderForm() {
  const setFilters = vi.fn();
  render(<TransactionFilterForm tab="on-ramp" filters={APPLIED} setFilters={setFilters} accountId="acc-1" testMode={false} expectedRows={null} />);
  return { setFilters };
}

describe('TransactionFilterForm', () => {
  it('keeps typed filters as a draft and applies them together from the first page', async () => {
    const user = userEvent.setup();
    const { setFilters } = renderForm();
    await user.type(screen.getByLabelText('Min amount'), '10');
    await user.type(screen.getByLabelText('Max amount'), '9');
    expect(setFilters).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(setFilters).toHaveBeenCalledWith({ ...APPLIED, min: '10', max: '9', page: 0 });
  });

  it('clears the filters but keeps sort and page size', async () => {
    const user = userEvent.setup();
    const { setFilters } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(setFilters).toHaveBeenCalledWith({ q: '', status: '', min: '', max: '', from: '', to: '' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', '');
  });
});
