import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import type { ThemeMode } from '@rampart/shared/themes';
import { LockIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import { RestoreThemeVersionMutation, UpdateActiveThemeMutation } from '@/features/themes/api/themes';
import { ColourSetSwitch } from '@/features/themes/components/colour-set-switch';
import { SavedThemesCard } from '@/features/themes/components/saved-themes-card';
import { ThemeColoursCard, ThemeFontCard, ThemeNameCard, ThemeSplashCard } from '@/features/themes/components/theme-cards';
import { ThemeConflictAlert } from '@/features/themes/components/theme-conflict-alert';
import { ThemeEditorHeader } from '@/features/themes/components/theme-editor-header';
import { ThemePreview } from '@/features/themes/components/theme-preview';
import { ThemeSaveBar } from '@/features/themes/components/theme-save-bar';
import { VersionHistorySheet } from '@/features/themes/components/version-history-sheet';
import {
  configInputFromDraft,
  contrastIssueCount,
  contrastWarnings,
  draftFieldOf,
  draftFromTheme,
  sameDraft,
  themeDraftSchema,
  type ThemeDraft,
} from '@/features/themes/lib/theme-draft';
import { usePreviewConfig } from '@/features/themes/lib/use-preview-config';
import type { Themes_ThemeFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { describeApiError } from '@/lib/graphql-errors';

export interface ThemeEditorProps {
  accountId: string;
  theme: Themes_ThemeFragment;
  themes: Themes_ThemeFragment[];
  allowedFontHosts: string[];
  canManage: boolean;
  onNewTheme: () => void;
  /** Fetches the themes again and returns the active one as the server has it now. */
  reload: () => Promise<Themes_ThemeFragment | null>;
}

interface Base {
  version: number;
  draft: ThemeDraft;
}

/**
 * The active theme's editor: a draft in a form (react-hook-form + the shared config rules), saved as a new version
 * with the version it was based on (a colleague's save in between is a conflict, never overwritten), and the real
 * widget beside it showing the draft as it changes.
 */
export function ThemeEditor({ accountId, theme, themes, allowedFontHosts, canManage, onNewTheme, reload }: ThemeEditorProps) {
  const [base, setBase] = useState<Base>(() => ({ version: theme.version, draft: draftFromTheme(theme.name, theme.config) }));
  const schema = useMemo(() => themeDraftSchema(allowedFontHosts), [allowedFontHosts]);
  const form = useForm<ThemeDraft>({ resolver: zodResolver(schema), defaultValues: base.draft, mode: 'onChange' });
  const draft = useWatch({ control: form.control }) as ThemeDraft;
  const [mode, setMode] = useState<ThemeMode>(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  const [showSplash, setShowSplash] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [update] = useMutation(UpdateActiveThemeMutation);
  const [restore] = useMutation(RestoreThemeVersionMutation);
  const dirty = !sameDraft(draft, base.draft);
  useUnsavedChanges(dirty && canManage);

  function adopt(saved: Pick<Themes_ThemeFragment, 'name' | 'config' | 'version'>) {
    const next = draftFromTheme(saved.name, saved.config);
    form.reset(next);
    setBase({ version: saved.version, draft: next });
  }

  // A newer version arriving from the server (a restore, a refetch) replaces the draft only when nothing is unsaved.
  useEffect(() => {
    if (theme.version !== base.version && !dirty) adopt(theme);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new version from the server is adopted; typing (dirty, base) must not reset the draft
  }, [theme.version]);

  const previewConfig = usePreviewConfig(draft, allowedFontHosts, base.draft);

  const warnings = useMemo(() => contrastWarnings(draft, mode), [draft, mode]);
  const issueCount = useMemo(() => contrastIssueCount(draft), [draft]);
  const warningsOf = (field: string) => warnings.filter((warning) => warning.field === field).map((warning) => warning.text);

  const save = form.handleSubmit(async (values) => {
    setConflict(null);
    setGeneralError(null);
    try {
      const result = await update({
        variables: { accountId, themeId: theme.id, expectedVersion: base.version, name: values.name.trim(), config: configInputFromDraft(values) },
      });
      const saved = result.data?.updateActiveTheme;
      if (!saved) return;
      adopt(saved);
      toast({ title: `Saved version ${saved.version}`, description: 'The widget opened by URL uses it now.' });
    } catch (caught) {
      const info = describeApiError(caught);
      if (info.code === 'CONFLICT') {
        setConflict(info.message);
        return;
      }
      let unmatched = Object.keys(info.fields).length === 0;
      for (const [serverField, message] of Object.entries(info.fields)) {
        const field = draftFieldOf(serverField, values.fontSource);
        if (field) form.setError(field as FieldPath<ThemeDraft>, { type: 'server', message }, { shouldFocus: true });
        else unmatched = true;
      }
      if (unmatched) setGeneralError(info.message);
    }
  });

  async function loadTheirs() {
    try {
      const latest = await reload();
      if (latest && latest.id === theme.id) adopt(latest);
      setConflict(null);
      setGeneralError(null);
    } catch (caught) {
      setGeneralError(describeApiError(caught).message);
    }
  }

  async function restoreVersion(version: number): Promise<boolean> {
    try {
      const result = await restore({ variables: { accountId, themeId: theme.id, version, expectedVersion: base.version } });
      const saved = result.data?.restoreThemeVersion;
      if (saved) adopt(saved);
      setConflict(null);
      toast({ title: `Version ${version} restored`, description: `Saved as version ${saved?.version ?? ''}.`.replace(' .', '.') });
      return true;
    } catch (caught) {
      const info = describeApiError(caught);
      if (info.code === 'CONFLICT') setConflict(info.message);
      else toast({ variant: 'destructive', title: 'Could not restore it', description: info.message });
      return false;
    }
  }

  const readOnly = !canManage;
  const submitting = form.formState.isSubmitting;

  return (
    <>
      <ThemeEditorHeader theme={theme} canManage={canManage} onOpenHistory={() => setHistoryOpen(true)} onNewTheme={onNewTheme} />

      {readOnly && (
        <Alert>
          <LockIcon aria-hidden />
          <AlertTitle>View only</AlertTitle>
          <AlertDescription>
            You can see this theme and its preview, but changing it needs the theme management permission, which administrators and developers have.
          </AlertDescription>
        </Alert>
      )}

      {conflict && <ThemeConflictAlert message={conflict} onLoadTheirs={() => void loadTheirs()} onKeepEditing={() => setConflict(null)} />}

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_420px]">
        <Form {...form}>
          <form noValidate aria-label="Theme editor" onSubmit={(event) => void save(event)} className="flex min-w-0 flex-col gap-6">
            <ErrorAlert title="Could not save the theme" message={generalError} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <ColourSetSwitch mode={mode} onChange={setMode} issueCount={issueCount} />
              <p className="text-xs text-muted-foreground">
                The widget follows the device’s setting, or the theme=light|dark URL parameter.{' '}
                <a href="#theme-preview" className="font-medium text-foreground underline underline-offset-4 xl:hidden">
                  See the preview
                </a>
              </p>
            </div>

            <fieldset disabled={readOnly || submitting} className="flex min-w-0 flex-col gap-6">
              <ThemeNameCard />
              <ThemeColoursCard mode={mode} warningsOf={warningsOf} />
              <ThemeFontCard allowedFontHosts={allowedFontHosts} readOnly={readOnly} />
              <ThemeSplashCard mode={mode} readOnly={readOnly} warningsOf={warningsOf} />
            </fieldset>

            {canManage && <ThemeSaveBar dirty={dirty} submitting={submitting} onDiscard={() => form.reset(base.draft)} />}
          </form>
        </Form>

        {/* Beside the controls on wide screens (sticky, below the shell's header); after them on narrow ones. */}
        <div id="theme-preview" className="min-w-0 scroll-mt-20 xl:sticky xl:top-20 xl:col-start-2 xl:row-span-2 xl:row-start-1">
          <ThemePreview accountId={accountId} config={previewConfig} mode={mode} showSplash={showSplash} onShowSplashChange={setShowSplash} />
        </div>

        <div className="min-w-0 xl:col-start-1">
          <SavedThemesCard accountId={accountId} themes={themes} canManage={canManage} dirty={dirty} />
        </div>
      </div>

      <VersionHistorySheet open={historyOpen} onOpenChange={setHistoryOpen} theme={theme} canManage={canManage} dirty={dirty} onRestore={restoreVersion} />
    </>
  );
}
