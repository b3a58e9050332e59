import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CopyButton } from '@/components/copy-button';
import { ValueBox } from '@/features/developers/components/developers-frame';

/** The full secret key, shown once right after it was created or rolled. */
export function SecretOnceDialog({ secret, reason, onClose }: { secret: string | null; reason: 'created' | 'rolled'; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Your new secret key</DialogTitle>
          <DialogDescription>
            {reason === 'rolled' ? 'The key was rolled.' : 'A secret key was created for this mode.'} Copy it now and store it on your server.
          </DialogDescription>
        </DialogHeader>
        {secret && (
          <ValueBox value={secret} label="New secret key">
            <CopyButton value={secret} label="Copy secret key" />
          </ValueBox>
        )}
        <p className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          You won't see it again: we keep only a hash. If you lose it, roll the key.
        </p>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            I have stored it
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
