import { useMutation } from '@apollo/client/react';
import { CircleCheckIcon, LifeBuoyIcon, MailIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { SupportCreateContactMutation } from '@/features/support/api/support';
import type { SupportIdentity } from '@/features/support/lib/support-identity';
import { describeApiError } from '@/lib/graphql-errors';

export const SUPPORT_EMAIL = 'support@rampart.dev';

/** The built-in support launcher when Intercom is not configured: contact details and a call-back request. */
export function SupportLauncher({ identity }: { identity: SupportIdentity }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [createContact, { loading }] = useMutation(SupportCreateContactMutation);

  async function requestContact() {
    setError(null);
    try {
      await createContact({
        variables: { email: identity.email, name: identity.name, companyName: identity.organizationName, companyId: identity.accountId },
      });
      setRequested(true);
    } catch (caught) {
      setError(describeApiError(caught).message);
    }
  }

  const subject = encodeURIComponent(`Support request from ${identity.organizationName}`);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        {/* A header button, not a floating one: it never covers content or the last column of a table. */}
        <Button variant="ghost" className="size-9 px-0 xl:w-auto xl:px-3" aria-label="Support">
          <LifeBuoyIcon aria-hidden />
          <span className="hidden xl:inline">Support</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent side="bottom" align="end" className="w-80 p-0" aria-label="Support">
        <div className="flex items-start justify-between gap-2 border-b px-4 py-3">
          <div>
            <h2 className="text-sm font-semibold">Rampart support</h2>
            <p className="text-xs text-muted-foreground">
              {identity.plan} plan · {identity.organizationName}
            </p>
          </div>
          <Button variant="ghost" size="icon" className="size-7" aria-label="Close support" onClick={() => setOpen(false)}>
            <XIcon aria-hidden />
          </Button>
        </div>
        <div className="flex flex-col gap-3 px-4 py-4 text-sm">
          {requested ? (
            <div role="status" className="flex gap-2 rounded-md bg-accent p-3 text-accent-foreground">
              <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                Thanks, {identity.name.split(' ')[0]}. Our team will reach out to {identity.email} within one business day.
              </p>
            </div>
          ) : (
            <p className="text-muted-foreground">
              Ask us anything about your integration, payouts or verification. We answer {identity.plan} customers within one business day.
            </p>
          )}
          {error && (
            <p role="alert" className="text-destructive">
              {error}
            </p>
          )}
          {!requested && (
            <Button onClick={() => void requestContact()} disabled={loading}>
              {loading && <Spinner label="Sending" />}
              Ask support to contact me
            </Button>
          )}
          <Button asChild variant="outline">
            <a href={`mailto:${SUPPORT_EMAIL}?subject=${subject}`}>
              <MailIcon aria-hidden /> E-mail {SUPPORT_EMAIL}
            </a>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
