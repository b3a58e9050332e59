import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';

export default function TransactionsListRoute() {
  return <TransactionsScreen />;
}
