import { InvoicePage } from '@/features/billing/components/invoice-page';

export default function InvoiceRoute() {
  return <InvoicePage />;
}
