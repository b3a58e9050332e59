import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Team_MemberFragment } from '@/gql/graphql';

function columnClass(meta: unknown): string | undefined {
  return (meta as { className?: string } | undefined)?.className;
}

export function MembersTable({ members, columns }: { members: readonly Team_MemberFragment[]; columns: ColumnDef<Team_MemberFragment>[] }) {
  const table = useReactTable({ data: members as Team_MemberFragment[], columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id });
  return (
    <Table aria-label="Members">
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead key={header.id} className={columnClass(header.column.columnDef.meta)}>
                {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
              </TableHead>
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id}>
            {row.getVisibleCells().map((cell) => (
              <TableCell key={cell.id} className={columnClass(cell.column.columnDef.meta)}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
