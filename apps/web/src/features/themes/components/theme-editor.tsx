import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import {
  THEME_COLOR_KEYS,
  THEME_COLOR_LABEL,
  THEME_LOADER_TYPE_LABEL,
  THEME_LOADER_TYPES,
  THEME_MODE_LABEL,
  THEME_MODES,
  THEME_SYSTEM_FONT_KEYS,
  THEME_SYSTEM_FONTS,
  type ThemeConfig,
  type ThemeMode,
} from '@rampart/shared/themes';
import { CircleAlertIcon, HistoryIcon, LockIcon, PaletteIcon, PlusIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { RestoreThemeVersionMutation, UpdateActiveThemeMutation } from '@/features/themes/api/themes';
import { ColorField } from '@/features/themes/components/color-field';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { SavedThemesCard } from '@/features/themes/components/saved-themes-card';
import { ThemePreview } from '@/features/themes/components/theme-preview';
import { UnsavedChangesGuard } from '@/features/themes/components/unsaved-changes-guard';
import { VersionHistorySheet } from '@/features/themes/components/version-history-sheet';
import {
  configInputFromDraft,
  contrastIssueCount,
  contrastWarnings,
  draftFieldOf,
  draftFromTheme,
  previewableConfig,
  sameDraft,
  themeDraftSchema,
  validConfigOf,
  type ThemeDraft,
} from '@/features/themes/lib/theme-draft';
import type { Themes_ThemeFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { formatRelativeTime, formatDateTime } from '@/lib/format';
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

  // The last valid draft: while a colour is half typed the preview keeps showing the previous one.
  const [lastValid, setLastValid] = useState<ThemeConfig | null>(() => validConfigOf(base.draft));
  const validConfig = useMemo(() => {
    const config = validConfigOf(draft);
    return config ? previewableConfig(config, allowedFontHosts) : null;
  }, [draft, allowedFontHosts]);
  // Adjusted while rendering (validConfig is memoised, so this settles in one extra render).
  if (validConfig && validConfig !== lastValid) setLastValid(validConfig);
  const previewConfig = validConfig ?? lastValid;

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

  const fontSource = draft.fontSource;
  const readOnly = !canManage;
  const submitting = form.formState.isSubmitting;

  return (
    <>
      <UnsavedChangesGuard when={dirty && canManage} />
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
          <Button variant="outline" onClick={() => setHistoryOpen(true)}>
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

      {readOnly && (
        <Alert>
          <LockIcon aria-hidden />
          <AlertTitle>View only</AlertTitle>
          <AlertDescription>
            You can see this theme and its preview, but changing it needs the theme management permission, which administrators and developers have.
          </AlertDescription>
        </Alert>
      )}

      {conflict && (
        <Alert variant="destructive" data-testid="theme-conflict">
          <CircleAlertIcon aria-hidden />
          <AlertTitle>Someone else saved this theme</AlertTitle>
          <AlertDescription className="flex flex-col gap-3">
            <p>{conflict}</p>
            <p>Your draft is still here. Loading their version discards it.</p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" onClick={() => void loadTheirs()}>
                Load their version
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setConflict(null)}>
                Keep editing
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_420px]">
        <Form {...form}>
          <form noValidate aria-label="Theme editor" onSubmit={(event) => void save(event)} className="flex min-w-0 flex-col gap-6">
            <ErrorAlert title="Could not save the theme" message={generalError} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <SegmentedControl
                label="Colour set"
                value={mode}
                onChange={setMode}
                options={THEME_MODES.map((key) => ({
                  value: key,
                  name:
                    issueCount[key] > 0 ? `${THEME_MODE_LABEL[key]}, ${issueCount[key]} contrast ${issueCount[key] === 1 ? 'warning' : 'warnings'}` : undefined,
                  label: (
                    <>
                      {THEME_MODE_LABEL[key]}
                      {issueCount[key] > 0 && (
                        <Badge variant="warning" className="px-1.5 py-0 text-[0.7rem]" aria-hidden>
                          {issueCount[key]}
                        </Badge>
                      )}
                    </>
                  ),
                }))}
              />
              <p className="text-xs text-muted-foreground">
                The widget follows the device’s setting, or the theme=light|dark URL parameter.{' '}
                <a href="#theme-preview" className="font-medium text-foreground underline underline-offset-4 xl:hidden">
                  See the preview
                </a>
              </p>
            </div>

            <fieldset disabled={readOnly || submitting} className="flex min-w-0 flex-col gap-6">
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Name</CardTitle>
                  <CardDescription>For your team; customers do not see it.</CardDescription>
                </CardHeader>
                <CardContent>
                  <FormField
                    control={form.control}
                    name="name"
                    render={({ field }) => (
                      <FormItem className="max-w-sm">
                        <FormLabel>Theme name</FormLabel>
                        <FormControl>
                          <Input {...field} autoComplete="off" maxLength={60} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </CardContent>
              </Card>

              <Card role="group" aria-label={`Colours: ${THEME_MODE_LABEL[mode]}`}>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <PaletteIcon className="size-4 text-muted-foreground" aria-hidden />
                    Colours · {THEME_MODE_LABEL[mode].toLowerCase()}
                  </CardTitle>
                  <CardDescription>
                    Text and buttons need AA contrast (4.5:1 for text, 3:1 for the button against the card). A pair below it is flagged under its colour; you
                    can still save.
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
                  {THEME_COLOR_KEYS.map((key) => (
                    <ColorField
                      key={`${mode}.${key}`}
                      name={`${mode}.${key}`}
                      label={THEME_COLOR_LABEL[key].label}
                      description={THEME_COLOR_LABEL[key].description}
                      warnings={warningsOf(`${mode}.${key}`)}
                    />
                  ))}
                </CardContent>
              </Card>

              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Font</CardTitle>
                  <CardDescription>
                    A system font needs no download. A web font loads from its stylesheet, which must come over https from a host the provider allows.
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  <FormField
                    control={form.control}
                    name="fontSource"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Kind of font</FormLabel>
                        <FormControl>
                          <RadioGroup value={field.value} onValueChange={field.onChange} className="flex flex-wrap gap-4">
                            <Label className="font-normal">
                              <RadioGroupItem value="system" />
                              System font
                            </Label>
                            <Label className="font-normal">
                              <RadioGroupItem value="web" />
                              Web font
                            </Label>
                          </RadioGroup>
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                  {fontSource === 'system' ? (
                    <FormField
                      control={form.control}
                      name="systemFont"
                      render={({ field }) => (
                        <FormItem className="max-w-sm">
                          <FormLabel>System font</FormLabel>
                          <Select value={field.value} onValueChange={(value) => field.onChange(value)} disabled={readOnly}>
                            <FormControl>
                              <SelectTrigger ref={field.ref} className="w-full">
                                <SelectValue />
                              </SelectTrigger>
                            </FormControl>
                            <SelectContent>
                              {THEME_SYSTEM_FONT_KEYS.map((key) => (
                                <SelectItem key={key} value={key}>
                                  {THEME_SYSTEM_FONTS[key].label}
                                </SelectItem>
                              ))}
                            </SelectContent>
                          </Select>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                  ) : (
                    <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
                      <FormField
                        control={form.control}
                        name="webFontFamily"
                        render={({ field }) => (
                          <FormItem>
                            <FormLabel>Family name</FormLabel>
                            <FormControl>
                              <Input {...field} placeholder="Inter" autoComplete="off" spellCheck={false} maxLength={60} />
                            </FormControl>
                            <FormDescription className="text-xs">As the stylesheet names it.</FormDescription>
                            <FormMessage />
                          </FormItem>
                        )}
                      />
                      <FormField
                        control={form.control}
                        name="webFontUrl"
                        render={({ field }) => (
                          <FormItem>
                            <FormLabel>Stylesheet URL</FormLabel>
                            <FormControl>
                              <Input
                                {...field}
                                type="url"
                                inputMode="url"
                                placeholder={`https://${allowedFontHosts[0] ?? 'fonts.googleapis.com'}/css2?family=Inter`}
                                autoComplete="off"
                                spellCheck={false}
                                maxLength={500}
                              />
                            </FormControl>
                            <FormDescription className="text-xs">Allowed hosts: {allowedFontHosts.join(', ')}.</FormDescription>
                            <FormMessage />
                          </FormItem>
                        )}
                      />
                    </div>
                  )}
                </CardContent>
              </Card>

              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Splash screen · {THEME_MODE_LABEL[mode].toLowerCase()}</CardTitle>
                  <CardDescription>
                    Shown while the widget starts. The loader needs 3:1 contrast against its background. To see it, turn on “Preview splash screen” in the
                    preview.
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-5">
                  <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
                    <ColorField key={`${mode}Background`} name={`splashScreen.${mode}Background`} label="Splash background" warnings={[]} />
                    <ColorField key={`${mode}Loader`} name={`splashScreen.${mode}Loader`} label="Loader" warnings={warningsOf(`splashScreen.${mode}Loader`)} />
                  </div>
                  <FormField
                    control={form.control}
                    name="splashScreen.loaderType"
                    render={({ field }) => (
                      <FormItem className="max-w-sm">
                        <FormLabel>Loader</FormLabel>
                        <Select value={field.value} onValueChange={(value) => field.onChange(value)} disabled={readOnly}>
                          <FormControl>
                            <SelectTrigger ref={field.ref} className="w-full" aria-label="Loader type">
                              <SelectValue />
                            </SelectTrigger>
                          </FormControl>
                          <SelectContent>
                            {THEME_LOADER_TYPES.map((key) => (
                              <SelectItem key={key} value={key}>
                                {THEME_LOADER_TYPE_LABEL[key]}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </CardContent>
              </Card>
            </fieldset>

            {canManage && (
              <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
                <p className="mr-auto text-sm text-muted-foreground" role="status">
                  {dirty ? 'Unsaved changes' : 'All changes saved'}
                </p>
                <Button type="button" variant="outline" disabled={!dirty || submitting} onClick={() => form.reset(base.draft)}>
                  Discard
                </Button>
                <Button type="submit" disabled={!dirty || submitting}>
                  {submitting && <Spinner label="Saving" />}
                  Save
                </Button>
              </div>
            )}
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
