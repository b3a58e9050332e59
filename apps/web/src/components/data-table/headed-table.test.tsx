import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { stubResizeObserver } from '@/components/form/form-test-harness';

// The table scrolls sideways in a HorizontalScroll, which measures itself; jsdom has no ResizeObserver.
stubResizeObserver();

describe('HeadedTable', () => {
  it('names the table, heads its columns with their classes and holds the rows given', () => {
    render(
      <HeadedTable label="Invoices" columns={['Number', { heading: 'Amount', className: 'text-right' }]}>
        <TableRow>
          <TableCell>INV-1</TableCell>
          <TableCell>10.00</TableCell>
        </TableRow>
      </HeadedTable>,
    );
    const table = screen.getByRole('table', { name: 'Invoices' });
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual(['Number', 'Amount']);
    expect(headings[1]!.className).toContain('text-right');
    expect(within(table).getByRole('cell', { name: 'INV-1' })).toBeTruthy();
  });

  it('ends the headings with an actions column read out by screen readers, only when asked', () => {
    const { rerender } = render(
      <HeadedTable label="Staff" columns={['Name']} actions>
        {null}
      </HeadedTable>,
    );
    expect(screen.getAllByRole('columnheader').map((heading) => heading.textContent)).toEqual(['Name', 'Actions']);
    rerender(
      <HeadedTable label="Staff" columns={['Name']}>
        {null}
      </HeadedTable>,
    );
    expect(screen.getAllByRole('columnheader').map((heading) => heading.textContent)).toEqual(['Name']);
  });
});
