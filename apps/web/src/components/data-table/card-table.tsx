import type { ReactNode } from 'react';
import { HeadedTable, type TableColumn } from '@/components/data-table/headed-table';
import { Card } from '@/components/ui/card';

/**
 * A table in a card, its rows given whole; with `actions` (left out when the viewer may change nothing), a last
 * column named for screen readers holds each row's buttons.
 */
export function CardTable({ columns, actions = false, children }: { columns: readonly TableColumn[]; actions?: boolean; children: ReactNode }) {
  return (
    <Card className="overflow-hidden py-0">
      <HeadedTable columns={columns} actions={actions}>
        {children}
      </HeadedTable>
    </Card>
  );
}
