import { useQuery } from '@apollo/client/react';
import { ErrorAlert } from '@/components/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ProfileMeQuery } from '@/features/profile/api/profile';
import { ChangePasswordCard } from '@/features/profile/components/change-password-card';
import { SessionsCard } from '@/features/profile/components/sessions-card';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';
import { describeApiError } from '@/lib/graphql-errors';

export function SecuritySettings() {
  const { data, error } = useQuery(ProfileMeQuery);
  return (
    <div className="flex flex-col gap-6">
      <ChangePasswordCard />
      {error && !data ? (
        <ErrorAlert title="Could not load two-factor settings" message={describeApiError(error).message} />
      ) : data ? (
        <TwoFactorCard user={data.me} />
      ) : (
        <Skeleton className="h-36 w-full" />
      )}
      <SessionsCard />
    </div>
  );
}
