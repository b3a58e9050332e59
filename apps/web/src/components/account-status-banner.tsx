import { useEffect, useState } from 'react';
import type { AccountStatus } from '@rampart/shared/account-status';

// The wording lives beside the staff forms' zod schemas in @rampart/shared/account-status: it is fetched only for a
// closed or dormant account, so the shell of an active one does not download zod.
const loadWording = () => import('@rampart/shared/account-status').then((module) => module.accountStatusMessage);

/**
 * The shell's banner for an account staff closed or made dormant: what stopped, and that only the provider can change
 * it (the partner has no way to). Nothing for an active account.
 */
export function AccountStatusBanner({ status }: { status: AccountStatus | null | undefined }) {
  const [message, setMessage] = useState<{ status: AccountStatus; text: string } | null>(null);
  const shown = status && status !== 'Active' ? status : null;
  useEffect(() => {
    if (!shown) return;
    let active = true;
    void loadWording()
      .then((wording) => {
        if (active) setMessage({ status: shown, text: wording(shown) });
      })
      .catch((error: unknown) => console.info('Could not load the account status wording', error));
    return () => {
      active = false;
    };
  }, [shown]);
  if (!shown || message?.status !== shown) return null;
  return (
    <div
      role="alert"
      data-slot="account-status-banner"
      className="border-b border-red-600/30 bg-red-500/10 px-4 py-1.5 text-center text-xs leading-5 font-medium text-red-800 sm:px-6 dark:text-red-200"
    >
      {message.text}
    </div>
  );
}
