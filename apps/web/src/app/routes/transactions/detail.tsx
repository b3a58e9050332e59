import { MoveTestTransaction } from '@/features/ramp/components/move-test-transaction';
import { TransactionDetail } from '@/features/transactions/components/transaction-detail';

export default function TransactionDetailRoute() {
  return <TransactionDetail testHelper={(transaction) => <MoveTestTransaction key={`${transaction.id}-${transaction.status}`} transaction={transaction} />} />;
}
