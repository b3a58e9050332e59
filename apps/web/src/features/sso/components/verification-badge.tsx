import { BadgeCheckIcon, CircleDashedIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { VerificationStatus } from '@/features/sso/lib/my-account';

/** "Verified" or "Unverified" for an e-mail address or phone number at the identity provider. */
export function VerificationBadge({ status }: { status: VerificationStatus }) {
  return status === 'VERIFIED' ? (
    <Badge variant="outline" className="gap-1">
      <BadgeCheckIcon className="size-3.5 text-(--success)" aria-hidden />
      Verified
    </Badge>
  ) : (
    <Badge variant="warning" className="gap-1">
      <CircleDashedIcon className="size-3.5" aria-hidden />
      Unverified
    </Badge>
  );
}
