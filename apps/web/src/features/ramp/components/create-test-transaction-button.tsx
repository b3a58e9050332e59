import { useReactiveVar } from '@apollo/client/react';
import { FlaskConicalIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePermission } from '@/hooks/use-permission';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';

// The dialog (its form, zod rules, pricing wording, Radix Dialog and Select) loads when the button is first pointed at,
// focused or pressed: the list shows the button on every visit in test mode, few visits open it.
const loadDialog = () => import('@/features/ramp/components/create-test-transaction-dialog');
const CreateTestTransactionDialog = lazy(loadDialog);

/** Test mode only: creates a test transaction from a test customer, priced by the account's rules (Stripe-style trigger). */
export function CreateTestTransactionButton() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const canManage = usePermission('integration:manage');
  const [wanted, setWanted] = useState(false);
  if (!accountId || !testMode || !canManage) return null;
  const preload = () => void loadDialog().catch(() => {});
  // The same button as the dialog's own trigger, so nothing moves when the dialog takes over.
  const button = (
    <Button variant="outline" size="sm" aria-haspopup="dialog" aria-expanded={false} onPointerEnter={preload} onFocus={preload} onClick={() => setWanted(true)}>
      <FlaskConicalIcon aria-hidden /> Create test transaction
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <CreateTestTransactionDialog accountId={accountId} initiallyOpen />
    </Suspense>
  );
}
