import { useQuery, useReactiveVar } from '@apollo/client/react';
import { INVOICE_STATUS_LABEL, PLAN_PRICES } from '@rampart/shared/billing';
import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';

import { Link, useParams, useSearchParams } from 'react-router';
import { Brand } from '@/components/brand';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ROUTES } from '@/config/routes';
import { InvoiceQuery } from '@/features/billing/api/billing';
import { formatAmount, formatDate } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar } from '@/lib/local-state';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Rampart's printable invoice (/billing/invoices/:id): the sandbox's invoices have no Stripe page. */
export function InvoicePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const selected = useReactiveVar(selectedAccountIdVar);
  const accountId = params.get('accountId') ?? selected ?? '';
  const { data, loading, error } = useQuery(InvoiceQuery, { variables: { accountId, id }, skip: !accountId });
  const invoice = data?.invoice ?? null;

  useDocumentTitle(invoice ? `Invoice ${invoice.number} · Rampart` : 'Invoice · Rampart');

  if (loading && !data) return <Skeleton className="h-[36rem] w-full max-w-3xl" />;
  if (!invoice || !data) {
    return (
      <div className="w-full max-w-md">
        <ErrorAlert message={error ? describeApiError(error).message : 'This invoice does not exist.'} title="Could not open the invoice" />
      </div>
    );
  }
  const price = PLAN_PRICES[invoice.priceLookupKey];
  const amount = invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue;

  return (
    <div className="flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Button variant="ghost" asChild>
          <Link to={ROUTES.subscription}>
            <ArrowLeftIcon aria-hidden /> Subscription
          </Link>
        </Button>
        <Button onClick={() => window.print()}>
          <PrinterIcon aria-hidden /> Print
        </Button>
      </div>
      <article
        aria-label={`Invoice ${invoice.number}`}
        className="flex flex-col gap-8 rounded-xl border bg-card p-6 text-card-foreground shadow-xs sm:p-10 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none"
      >
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex flex-col gap-2">
            <Brand />
            <p className="text-sm text-muted-foreground print:text-neutral-600">Rampart billing{data.billing.provider === 'sandbox' ? ' sandbox' : ''}</p>
          </div>
          <div className="flex flex-col gap-1 text-right">
            <h1 className="text-2xl font-semibold tracking-tight">Invoice</h1>
            <p className="font-mono text-sm">{invoice.number}</p>
            <p className="text-sm font-medium">{INVOICE_STATUS_LABEL[invoice.status]}</p>
          </div>
        </header>
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div className="flex flex-col gap-1">
            <dt className="text-muted-foreground print:text-neutral-600">Billed to</dt>
            <dd className="font-medium">{data.billing.organizationName}</dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-muted-foreground print:text-neutral-600">Issued</dt>
            <dd className="font-medium">{formatDate(invoice.createdAt)}</dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-muted-foreground print:text-neutral-600">{invoice.paidAt ? 'Paid' : 'Due'}</dt>
            <dd className="font-medium">{invoice.paidAt ? formatDate(invoice.paidAt) : formatDate(invoice.periodStart)}</dd>
          </div>
        </dl>
        <table className="w-full text-sm" aria-label="Invoice lines">
          <thead>
            <tr className="border-b text-left text-muted-foreground print:text-neutral-600">
              <th className="py-2 pr-4 font-medium">Description and period</th>
              <th className="py-2 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b align-top">
              <td className="py-3 pr-4">
                Rampart {invoice.plan}, billed {price.interval === 'year' ? 'yearly' : 'monthly'}
                <span className="block text-muted-foreground print:text-neutral-600">
                  {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
                </span>
              </td>
              <td className="py-3 text-right whitespace-nowrap tabular-nums">{formatAmount(invoice.amountDue, invoice.currency)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-4 pr-4 text-right font-medium">
                Total
              </th>
              <td className="pt-4 text-right text-base font-semibold whitespace-nowrap tabular-nums">{formatAmount(invoice.amountDue, invoice.currency)}</td>
            </tr>
            <tr>
              <th scope="row" className="pt-1 pr-4 text-right font-normal text-muted-foreground print:text-neutral-600">
                {invoice.status === 'paid' ? 'Amount paid' : 'Amount due'}
              </th>
              <td className="pt-1 text-right whitespace-nowrap tabular-nums">{formatAmount(amount, invoice.currency)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="text-xs text-muted-foreground print:text-neutral-600">
          Questions about this invoice? Reply to the billing e-mail or contact support from your dashboard.
        </p>
      </article>
    </div>
  );
}
