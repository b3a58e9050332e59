import { useMutation } from '@apollo/client/react';
import { CheckIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangeActiveThemeMutation, DeleteAccountThemeMutation, THEMES_REFETCH } from '@/features/themes/api/themes';
import { ThemeSwatches } from '@/features/themes/components/theme-swatches';
import type { Themes_ThemeFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';

type Pending = { kind: 'activate' | 'delete'; theme: Themes_ThemeFragment };

/** The account's saved themes: which one the widget uses, switching to another, deleting those not in use. */
export function SavedThemesCard({
  accountId,
  themes,
  canManage,
  dirty,
}: {
  accountId: string;
  themes: Themes_ThemeFragment[];
  canManage: boolean;
  dirty: boolean;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [activate] = useMutation(ChangeActiveThemeMutation, { refetchQueries: THEMES_REFETCH, awaitRefetchQueries: true });
  const [remove] = useMutation(DeleteAccountThemeMutation, { refetchQueries: THEMES_REFETCH, awaitRefetchQueries: true });
  const active = themes.find((theme) => theme.isActive);

  async function confirm() {
    if (!pending) return;
    const { kind, theme } = pending;
    try {
      if (kind === 'activate') {
        await activate({ variables: { accountId, themeId: theme.id } });
        toast({ title: `“${theme.name}” is the active theme`, description: 'The widget opened by URL uses it now.' });
      } else {
        await remove({ variables: { accountId, themeId: theme.id } });
        toast({ title: `“${theme.name}” deleted` });
      }
    } catch (caught) {
      toast({
        variant: 'destructive',
        title: kind === 'activate' ? 'Could not switch the theme' : 'Could not delete the theme',
        description: describeApiError(caught).message,
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <Card role="region" aria-label="Saved themes">
      <CardHeader>
        <CardTitle className="text-base">Saved themes</CardTitle>
        <CardDescription>The widget uses the active theme. Keep others ready for a campaign or a redesign.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y rounded-md border">
          {themes.map((theme) => (
            <li key={theme.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5" data-testid="saved-theme">
              <ThemeSwatches config={theme.config} />
              <div className="flex min-w-0 flex-1 basis-44 flex-col">
                <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  <span className="truncate">{theme.name}</span>
                  {theme.isActive && (
                    <Badge>
                      <CheckIcon aria-hidden />
                      Active
                    </Badge>
                  )}
                </span>
                <span className="text-xs text-muted-foreground">
                  Version {theme.version} · saved{' '}
                  <time dateTime={theme.updatedAt} title={formatDateTime(theme.updatedAt, { zone: true })}>
                    {formatRelativeTime(theme.updatedAt)}
                  </time>
                </span>
              </div>
              {canManage && !theme.isActive && (
                <div className="ml-auto flex gap-1">
                  <Button type="button" variant="outline" size="sm" onClick={() => setPending({ kind: 'activate', theme })} aria-label={`Use “${theme.name}”`}>
                    Use this theme
                  </Button>
                  <Button type="button" variant="ghost" size="icon" onClick={() => setPending({ kind: 'delete', theme })} aria-label={`Delete “${theme.name}”`}>
                    <Trash2Icon aria-hidden />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'delete' ? `Delete “${pending.theme.name}”?` : `Use “${pending?.theme.name ?? ''}”?`}
        description={
          pending?.kind === 'delete'
            ? 'The theme and all its versions are deleted. This cannot be undone.'
            : `The widget opened by URL switches to it straight away${active ? `, instead of “${active.name}”` : ''}.${dirty ? ' Your unsaved changes are discarded.' : ''}`
        }
        destructive={pending?.kind === 'delete'}
        confirmLabel={pending?.kind === 'delete' ? 'Delete theme' : 'Use this theme'}
        busyLabel={pending?.kind === 'delete' ? 'Deleting' : 'Switching'}
        onConfirm={confirm}
      />
    </Card>
  );
}
