import { accountStatusMessage, type AccountStatus } from '@rampart/shared/account-status';

/**
 * The shell's banner for an account staff closed or made dormant: what stopped, and that only the provider can change
 * it (the partner has no way to). Nothing for an active account.
 */
export function AccountStatusBanner({ status }: { status: AccountStatus | null | undefined }) {
  if (!status || status === 'Active') return null;
  return (
    <div
      role="alert"
      data-slot="account-status-banner"
      className="border-b border-red-600/30 bg-red-500/10 px-4 py-1.5 text-center text-xs leading-5 font-medium text-red-800 sm:px-6 dark:text-red-200"
    >
      {accountStatusMessage(status)}
    </div>
  );
}
