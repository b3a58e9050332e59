import { CreateTestTransactionButton } from '@/features/ramp/components/create-test-transaction-button';
import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';

export default function TransactionsListRoute() {
  return <TransactionsScreen actions={<CreateTestTransactionButton />} />;
}
