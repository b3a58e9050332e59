import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTablePager, formatRowRange } from '@/components/data-table/data-table-pager';

function renderPager(props: Partial<React.ComponentProps<typeof DataTablePager>> = {}) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <DataTablePager
      pageSizes={[20, 50, 100]}
      pageSize={20}
      page={2}
      pageCount={5}
      hasNext
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      {...props}
    />,
  );
  return { onPageChange, onPageSizeChange };
}

describe('DataTablePager', () => {
  it('moves a page back and forth and changes the page size', async () => {
    const user = userEvent.setup();
    const { onPageChange, onPageSizeChange } = renderPager();
    expect(screen.getByText('Page 2 of 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('disables Previous on the first page and Next when there is no next page', () => {
    renderPager({ page: 1, hasNext: false });
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('says only the page number when the total is an estimate, and names its landmark when labelled', () => {
    renderPager({ pageCount: null, label: 'Applications pages', summary: formatRowRange(21, 40, '1,234+') });
    expect(screen.getByRole('navigation', { name: 'Applications pages' }).textContent).toContain('21–40 of 1,234+');
    expect(screen.getByText('Page 2')).toBeTruthy();
  });
});
