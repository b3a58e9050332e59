import { InfoIcon } from 'lucide-react';
import { WarningNote } from '@/components/warning-note';
import { ShownOnceDialog } from '@/components/shown-once-dialog';
import { CopyButton } from '@/components/copy-button';
import { ValueBox } from '@/features/developers/components/developers-frame';

export interface ShownSecret {
  value: string;
  reason: 'created' | 'rolled' | 'revealed';
  /** "secret key", "restricted key". */
  kind?: string;
  name?: string | null;
}

const INTRO: Record<ShownSecret['reason'], string> = {
  created: 'The key was created.',
  rolled: 'The key was rolled.',
  revealed: 'Here is the key again.',
};

/**
 * The full secret of a key, right after it was created or rolled, or revealed again. Test keys can be revealed later;
 * a live key is shown only this once.
 */
export function SecretOnceDialog({ secret, onClose }: { secret: ShownSecret | null; onClose: () => void }) {
  const kind = secret?.kind ?? 'secret key';
  const live = secret?.value.includes('_live_') ?? false;
  return (
    <ShownOnceDialog
      open={secret !== null}
      onClose={onClose}
      title={
        <>
          {secret?.reason === 'revealed' ? `Your ${kind}` : `Your new ${kind}`}
          {secret?.name ? ` “${secret.name}”` : ''}
        </>
      }
      description={<>{secret ? INTRO[secret.reason] : ''} Copy it now and store it on your server.</>}
    >
      {secret && (
        <ValueBox value={secret.value} label={`New ${kind}`}>
          <CopyButton value={secret.value} label={`Copy ${kind}`} />
        </ValueBox>
      )}
      {live ? (
        <WarningNote>You won't see this live key again. If you lose it, roll the key.</WarningNote>
      ) : (
        <p className="flex items-start gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          Test keys can be revealed again under Developers → API keys; live keys are shown only once.
        </p>
      )}
    </ShownOnceDialog>
  );
}
