import { INVOICE_STATUS_LABEL } from '@rampart/shared/billing';
import { StatusBadge, type StatusMeaning } from '@/components/status-badge';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import type { Billing_InvoiceFragment } from '@/gql/graphql';
import { formatAmount, formatDate } from '@/lib/format';

const MEANING: Record<string, StatusMeaning> = { paid: 'success', open: 'waiting', uncollectible: 'failed', void: 'neutral' };

/** The organization's invoices, newest first; each opens its page (Stripe's, or Rampart's printable one). */
export function InvoicesTable({ invoices }: { invoices: readonly Billing_InvoiceFragment[] }) {
  if (invoices.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
        No invoices yet. They appear here after the first payment.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <HeadedTable
        label="Invoices"
        columns={['Number', 'Period', { heading: 'Amount', className: 'text-right' }, 'Status', { heading: <span className="sr-only">Invoice</span> }]}
      >
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <TableCell className="font-mono text-xs whitespace-nowrap">{invoice.number}</TableCell>
            <TableCell className="whitespace-nowrap">
              {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatAmount(invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue, invoice.currency)}
            </TableCell>
            <TableCell>
              <StatusBadge meaning={MEANING[invoice.status] ?? 'neutral'}>{INVOICE_STATUS_LABEL[invoice.status]}</StatusBadge>
            </TableCell>
            <TableCell className="text-right">
              <a
                href={invoice.url}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                aria-label={`View invoice ${invoice.number}`}
              >
                View
              </a>
            </TableCell>
          </TableRow>
        ))}
      </HeadedTable>
    </div>
  );
}

/** The invoices under their heading, as the subscription screen and the sandbox portal show them. */
export function InvoicesSection({ headingId, invoices }: { headingId: string; invoices: readonly Billing_InvoiceFragment[] }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        Invoices
      </h2>
      <InvoicesTable invoices={invoices} />
    </section>
  );
}
