import { PlusIcon, type LucideIcon } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { VerificationDialog, type CodeFlow } from '@/features/sso/components/verification-dialog';
import type { MyAccountResource } from '@/features/sso/hooks/use-my-account';
import type { MyAccountClient, VerificationStatus } from '@/features/sso/lib/my-account';
import type { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { toast } from '@/hooks/use-toast';

interface Contact {
  id: string;
  status: VerificationStatus;
}

type VerificationDialogProps = ComponentProps<typeof VerificationDialog>;

/**
 * A list of the provider's e-mail addresses or phone numbers: add one and verify it with a code, verify one added
 * earlier, remove one. The e-mail and phone cards differ only in words, the value's look and extra actions.
 */
export function ContactListCard<T extends Contact, S>({
  client,
  onFailure,
  resource,
  items,
  title,
  description,
  addLabel,
  icon: Icon,
  valueOf,
  value,
  badges,
  actions,
  canRemove = () => true,
  removeDisabled = false,
  alert,
  loadErrorTitle,
  loading,
  empty,
  verification,
  removal,
}: {
  client: MyAccountClient;
  onFailure: (caught: unknown) => MyAccountError;
  resource: MyAccountResource<T[]>;
  /** The items in the order shown. */
  items: T[];
  title: string;
  description: string;
  addLabel: string;
  icon: LucideIcon;
  /** The address or number, as named in buttons and toasts. */
  valueOf: (item: T) => string;
  value: (item: T) => ReactNode;
  badges: (item: T) => ReactNode;
  /** Buttons between "Verify" and "Remove". */
  actions?: (item: T) => ReactNode;
  canRemove?: (item: T) => boolean;
  removeDisabled?: boolean;
  /** Shown above the list (a failed change). */
  alert?: ReactNode;
  loadErrorTitle: string;
  loading: ReactNode;
  /** Shown instead of an empty list. */
  empty?: ReactNode;
  verification: Pick<VerificationDialogProps, 'targetLabel' | 'targetSchema' | 'targetInput' | 'sentTo'> & {
    title: (preset: boolean) => string;
    description: (preset: boolean) => string;
    addFlow: CodeFlow<S>;
    /** Sends a code to an item added earlier but not verified. */
    challenge: (item: T) => Promise<S>;
    verifiedTitle: string;
  };
  removal: { description: string; errorTitle: string; remove: (item: T) => Promise<void>; removedTitle: string };
}) {
  const [dialog, setDialog] = useState<{ preset?: T } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);

  return (
    <Card className="gap-5">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setDialog({})} disabled={!resource.data}>
          <PlusIcon aria-hidden />
          {addLabel}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {alert}
        {resource.error && !resource.data ? (
          <MyAccountAlert error={resource.error} client={client} title={loadErrorTitle} />
        ) : !resource.data ? (
          loading
        ) : items.length === 0 && empty ? (
          empty
        ) : (
          <ul className="divide-y rounded-md border" aria-label={title}>
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="flex min-w-0 flex-col gap-1">
                    {value(item)}
                    {badges(item)}
                  </div>
                </div>
                <div className="flex flex-wrap gap-1">
                  {item.status === 'UNVERIFIED' && (
                    <Button variant="outline" size="sm" aria-label={`Verify ${valueOf(item)}`} onClick={() => setDialog({ preset: item })}>
                      Verify
                    </Button>
                  )}
                  {actions?.(item)}
                  {canRemove(item) && (
                    <Button variant="ghost" size="sm" aria-label={`Remove ${valueOf(item)}`} disabled={removeDisabled} onClick={() => setRemoving(item)}>
                      Remove
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {dialog && (
        <VerificationDialog
          open
          onClose={() => setDialog(null)}
          client={client}
          onFailure={onFailure}
          title={verification.title(Boolean(dialog.preset))}
          description={verification.description(Boolean(dialog.preset))}
          targetLabel={verification.targetLabel}
          targetSchema={verification.targetSchema}
          targetInput={verification.targetInput}
          presetTarget={dialog.preset && valueOf(dialog.preset)}
          sentTo={verification.sentTo}
          flow={dialog.preset ? { ...verification.addFlow, start: () => verification.challenge(dialog.preset!) } : verification.addFlow}
          onVerified={(target) => {
            toast({ title: verification.verifiedTitle, description: `${target} is verified.` });
            void resource.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing ? valueOf(removing) : ''}?`}
        description={removal.description}
        confirmLabel="Remove"
        busyLabel="Removing"
        destructive
        errorTitle={removal.errorTitle}
        describeError={(caught) => onFailure(caught).message}
        onConfirm={async () => {
          if (!removing) return;
          await removal.remove(removing);
          toast({ title: removal.removedTitle, description: `${valueOf(removing)} was removed.` });
          await resource.reload();
        }}
      />
    </Card>
  );
}
