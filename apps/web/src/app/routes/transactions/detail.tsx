import { TransactionDetail } from '@/features/transactions/components/transaction-detail';

export default function TransactionDetailRoute() {
  return <TransactionDetail />;
}
