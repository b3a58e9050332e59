import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { Developers_ApiKeyFragment } from '@/gql/graphql';
import { cn } from '@/lib/utils';

const CHOICES = [
  { value: 'later', title: 'Keep the old key working for 12 hours', description: 'Time to deploy the new key; the old one is deleted after 12 hours.' },
  { value: 'now', title: 'Delete the old key now', description: 'Anything still using the old key fails at once. Use this if the key leaked.' },
] as const;

/**
 * Rolling a key: the old key stops now, or keeps working for 12 hours. `askReason`: staff rolling a partner's key say
 * why; the server e-mails it to the account's administrators.
 */
export function RollKeyDialog({
  apiKey,
  askReason = false,
  onCancel,
  onConfirm,
}: {
  apiKey: Developers_ApiKeyFragment | null;
  askReason?: boolean;
  onCancel: () => void;
  onConfirm: (deleteOldKeyNow: boolean, reason: string | null) => Promise<void>;
}) {
  const [choice, setChoice] = useState<'later' | 'now'>('later');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (apiKey) {
      setChoice('later');
      setReason('');
    }
  }, [apiKey]);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm(choice === 'now', askReason ? reason.trim() : null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Roll the {apiKey?.type} key</DialogTitle>
          <DialogDescription>A new {apiKey?.type} key replaces this one. What happens to the old key?</DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">When the old key stops working</legend>
          {CHOICES.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                choice === option.value && 'border-primary bg-accent/40',
              )}
            >
              <input
                type="radio"
                name="roll-choice"
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
                className="mt-1 size-4 accent-primary"
              />
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-medium">{option.title}</span>
                <span className="text-xs text-muted-foreground">{option.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {askReason ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor="roll-reason">Reason</Label>
            <Textarea id="roll-reason" rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
            <p className="text-xs text-muted-foreground">You act as Rampart staff: the account’s administrators are e-mailed this reason.</p>
          </div>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="button"
            variant={choice === 'now' ? 'destructive' : 'default'}
            onClick={() => void confirm()}
            disabled={busy || (askReason && !reason.trim())}
          >
            {busy && <Spinner label="Rolling" />}
            Roll key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
