import type { ReactNode } from 'react';
import { ActionsTableHead } from '@/components/data-table/list-card';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table';

/**
 * A table in a card, its rows given whole; with `actions` (left out when the viewer may change nothing), a last
 * column named for screen readers holds each row's buttons.
 */
export function CardTable({ head, actions = false, children }: { head: ReactNode; actions?: boolean; children: ReactNode }) {
  return (
    <Card className="overflow-hidden py-0">
      <Table>
        <TableHeader>
          <TableRow>
            {head}
            {actions && <ActionsTableHead className="w-0" />}
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </Card>
  );
}
