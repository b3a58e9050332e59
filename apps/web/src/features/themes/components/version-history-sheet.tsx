import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { ThemeSwatches } from '@/features/themes/components/theme-swatches';
import type { Themes_ThemeFragment } from '@/gql/graphql';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

type Version = Themes_ThemeFragment['versions'][number];

/** Every saved version of the active theme, newest first, with who saved it when; an earlier one can be restored as a new version. */
export function VersionHistorySheet({
  open,
  onOpenChange,
  theme,
  canManage,
  dirty,
  onRestore,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  theme: Themes_ThemeFragment;
  canManage: boolean;
  dirty: boolean;
  onRestore: (version: number) => Promise<boolean>;
}) {
  const [restoring, setRestoring] = useState<Version | null>(null);
  const versions = [...theme.versions].sort((a, b) => b.version - a.version);

  async function confirm() {
    if (!restoring) return;
    const done = await onRestore(restoring.version);
    setRestoring(null);
    if (done) onOpenChange(false);
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" closeLabel="Close version history" className="w-full gap-0 bg-background sm:max-w-md">
        <div className="flex flex-col gap-1 border-b px-5 py-4 pr-12">
          <SheetTitle>Version history</SheetTitle>
          <SheetDescription>Every save of “{theme.name}”, newest first. Restoring saves that version again as the newest; nothing is lost.</SheetDescription>
        </div>
        <ol className="flex flex-1 flex-col divide-y overflow-y-auto" aria-label="Versions">
          {versions.map((entry) => {
            const current = entry.version === theme.version;
            return (
              <li key={entry.version} className="flex items-start gap-3 px-5 py-3" data-testid="theme-version">
                <ThemeSwatches config={entry.config} />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    Version {entry.version}
                    {current && <Badge variant="secondary">Current</Badge>}
                  </span>
                  <span className="truncate text-sm">{entry.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {entry.createdBy?.name ?? 'Someone no longer in the team'} ·{' '}
                    <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt, { zone: true })}>
                      {formatRelativeTime(entry.createdAt)}
                    </time>
                  </span>
                  {entry.restoredFromVersion != null && (
                    <span className="text-xs text-muted-foreground">Restored from version {entry.restoredFromVersion}</span>
                  )}
                </div>
                {canManage && !current && (
                  <Button type="button" variant="outline" size="sm" onClick={() => setRestoring(entry)} aria-label={`Restore version ${entry.version}`}>
                    <RotateCcwIcon aria-hidden />
                    Restore
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </SheetContent>
      <ConfirmDialog
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        title={<>Restore version {restoring?.version}?</>}
        description={
          <>
            Its name and colours are saved as version {theme.version + 1}, and the widget uses them straight away.
            {dirty ? ' Your unsaved changes are discarded.' : ''}
          </>
        }
        confirmLabel={<>Restore version {restoring?.version}</>}
        busyLabel="Restoring"
        onConfirm={confirm}
      />
    </Sheet>
  );
}
