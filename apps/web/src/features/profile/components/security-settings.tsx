import { useQuery } from '@apollo/client/react';
import { Skeleton } from '@/components/ui/skeleton';
import { ProfileMeQuery } from '@/features/profile/api/profile';
import { ChangePasswordCard } from '@/features/profile/components/change-password-card';
import { SessionsCard } from '@/features/profile/components/sessions-card';
import { RecoveryCodesCard } from '@/features/profile/components/recovery-codes-card';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';
import { QueryErrorAlert } from '@/components/query-boundary';

export function SecuritySettings() {
  const { data, error, refetch } = useQuery(ProfileMeQuery);
  return (
    <div className="flex flex-col gap-6">
      <ChangePasswordCard />
      {error && !data ? (
        <QueryErrorAlert title="Could not load two-factor settings" error={error} onRetry={refetch} />
      ) : data ? (
        <>
          <TwoFactorCard user={data.me} />
          {data.me.isOtpEnabled && <RecoveryCodesCard remaining={data.me.recoveryCodesRemaining} />}
        </>
      ) : (
        <Skeleton className="h-36 w-full" />
      )}
      <SessionsCard />
    </div>
  );
}
