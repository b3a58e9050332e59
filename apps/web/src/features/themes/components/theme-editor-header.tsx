import { HistoryIcon, PlusIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Themes_ThemeFragment } from '@/gql/graphql';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

/** The active theme's name, version and who saved it when, with the version history and (for managers) a new theme. */
export function ThemeEditorHeader({
  theme,
  canManage,
  onOpenHistory,
  onNewTheme,
}: {
  theme: Pick<Themes_ThemeFragment, 'name' | 'version' | 'updatedAt' | 'updatedBy'>;
  canManage: boolean;
  onOpenHistory: () => void;
  onNewTheme: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm font-medium text-muted-foreground">Theme</p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{theme.name}</h1>
          <Badge>Active</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Version {theme.version}
          {theme.updatedBy ? ` · saved by ${theme.updatedBy.name}` : ''} ·{' '}
          <time dateTime={theme.updatedAt} title={formatDateTime(theme.updatedAt, { zone: true })}>
            {formatRelativeTime(theme.updatedAt)}
          </time>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" onClick={onOpenHistory}>
          <HistoryIcon aria-hidden />
          Version history
        </Button>
        {canManage && (
          <Button variant="outline" onClick={onNewTheme}>
            <PlusIcon aria-hidden />
            New theme
          </Button>
        )}
      </div>
    </div>
  );
}
