import { useReactiveVar } from '@apollo/client/react';
import { FlaskConicalIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { usePermission } from '@/hooks/use-permission';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';

// The dialog (its form, zod rules, Radix Dialog and Select) loads only where the button shows: in test mode, for a
// role that manages the integration. The transactions list of live mode downloads none of it.
const CreateTestTransactionDialog = lazy(() => import('@/features/ramp/components/create-test-transaction-dialog'));

/** Test mode only: creates a test transaction from a test customer, priced by the account's rules (Stripe-style trigger). */
export function CreateTestTransactionButton() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const canManage = usePermission('integration:manage');
  if (!accountId || !testMode || !canManage) return null;
  return (
    <Suspense
      fallback={
        <Button variant="outline" size="sm" disabled>
          <FlaskConicalIcon aria-hidden /> Create test transaction
        </Button>
      }
    >
      <CreateTestTransactionDialog accountId={accountId} />
    </Suspense>
  );
}
