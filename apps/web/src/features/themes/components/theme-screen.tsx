import { useQuery, useReactiveVar } from '@apollo/client/react';
import { PaletteIcon, SparklesIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ThemesScreenQuery } from '@/features/themes/api/themes';
import { NewThemeDialog } from '@/features/themes/components/new-theme-dialog';
import { SavedThemesCard } from '@/features/themes/components/saved-themes-card';
import { ThemeEditor } from '@/features/themes/components/theme-editor';
import { usePermission } from '@/hooks/use-permission';
import { selectedAccountIdVar } from '@/lib/local-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

/** /theme (spec §2): the account's widget themes, the active one in the editor beside the live widget. */
export function ThemeScreen() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const canManage = usePermission('themes:manage');
  const { data, loading, error, refetch } = useQuery(ThemesScreenQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId });
  const [creating, setCreating] = useState(false);

  useDocumentTitle('Theme · Rampart');

  const reload = useCallback(async () => {
    const result = await refetch();
    return result.data?.accountThemes.find((theme) => theme.isActive) ?? null;
  }, [refetch]);

  const themes = data?.accountThemes ?? [];
  const active = themes.find((theme) => theme.isActive) ?? null;
  const settings = data?.themeEditorSettings;

  let body: React.ReactNode;
  if (!accountId || (loading && !data)) {
    body = (
      <>
        <div className="flex flex-col gap-2">
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-8 w-56" />
        </div>
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_420px]">
          <Skeleton className="h-[32rem] w-full" />
          <Skeleton className="h-[40rem] w-full" />
        </div>
      </>
    );
  } else if (error && !data) {
    body = (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Theme</h1>
        <QueryErrorAlert title="Could not load the themes" error={error} onRetry={refetch} />
      </>
    );
  } else if (active && settings) {
    body = (
      <ThemeEditor
        key={active.id}
        accountId={accountId}
        theme={active}
        themes={themes}
        allowedFontHosts={settings.allowedFontHosts}
        canManage={canManage}
        onNewTheme={() => setCreating(true)}
        reload={reload}
      />
    );
  } else {
    body = (
      <>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Theme</h1>
          <p className="text-sm text-muted-foreground">Colours, fonts and splash screen of the widget.</p>
        </div>
        <section
          aria-labelledby="theme-empty-title"
          className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-14 text-center"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <PaletteIcon className="size-5" aria-hidden />
          </span>
          <div className="flex max-w-lg flex-col gap-2">
            <h2 id="theme-empty-title" className="text-lg font-semibold">
              Your widget uses the built-in look
            </h2>
            <p className="text-sm text-muted-foreground">
              Give it your brand: start from your brand colour or your logo, and we generate light and dark colours whose text and buttons stay readable. Then
              adjust each colour, the font and the splash screen, with the real widget previewing your changes.
            </p>
          </div>
          {canManage ? (
            <Button onClick={() => setCreating(true)}>
              <SparklesIcon aria-hidden />
              Generate a theme
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">Ask an administrator or a developer of this account to generate one.</p>
          )}
        </section>
        {themes.length > 0 && <SavedThemesCard accountId={accountId} themes={themes} canManage={canManage} dirty={false} />}
      </>
    );
  }

  return (
    <PageLayout>
      {body}
      {accountId && settings && (
        <NewThemeDialog
          open={creating}
          onOpenChange={setCreating}
          accountId={accountId}
          hasActive={active !== null}
          logoMaxBytes={settings.logoMaxBytes}
          defaultName={themes.length === 0 ? 'Brand' : `Theme ${themes.length + 1}`}
        />
      )}
    </PageLayout>
  );
}
