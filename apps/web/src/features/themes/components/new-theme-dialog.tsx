import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { THEME_LOGO_CONTENT_TYPES, THEME_LOGO_MAX_PIXELS, themeColorSchema, themeNameSchema } from '@rampart/shared/themes';
import { ImageIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField } from '@/components/form/checkbox-field';
import { RadioGroupField } from '@/components/form/radio-group-field';
import { InputField } from '@/components/form/input-field';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { GenerateInitialThemeMutation, THEMES_REFETCH } from '@/features/themes/api/themes';
import { toast } from '@/hooks/use-toast';
import { formatBytes, formatCount } from '@/lib/format';
import { applyServerErrors } from '@/lib/form-errors';
import { describeApiError } from '@/lib/graphql-errors';

const schema = z
  .object({
    name: z.string(),
    source: z.enum(['color', 'logo']),
    brandColor: z.string(),
    makeActive: z.boolean(),
  })
  .superRefine((values, context) => {
    const name = themeNameSchema.safeParse(values.name);
    if (!name.success) context.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]?.message ?? 'Give the theme a name.' });
    if (values.source === 'color') {
      const color = themeColorSchema.safeParse(values.brandColor);
      if (!color.success) context.addIssue({ code: 'custom', path: ['brandColor'], message: color.error.issues[0]?.message ?? 'Enter a colour as #RRGGBB.' });
    }
  });
type Values = z.infer<typeof schema>;

/** The limit as the server words it: 2 MB is 2 × 1024 × 1024 bytes. */
export function logoLimit(maxBytes: number): string {
  const mebibytes = maxBytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MB` : formatBytes(maxBytes);
}

/** The pixel limit as the server words it: "1,048,576 pixels, such as 1024 × 1024". */
export function logoPixelLimit(maxPixels: number = THEME_LOGO_MAX_PIXELS): string {
  const side = Math.round(Math.sqrt(maxPixels));
  return `${formatCount(maxPixels)} pixels, such as ${side} × ${side}`;
}

/** The logo's problem before it is sent (the server checks the content again). */
export function logoProblem(file: { type: string; size: number }, maxBytes: number): string | null {
  if (!(THEME_LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'Upload a PNG or JPEG image.';
  if (file.size > maxBytes) return `The logo is too large: at most ${logoLimit(maxBytes)}.`;
  return null;
}

const PICKER = /^#[0-9a-f]{6}$/i;

/**
 * "New theme": light and dark colour sets generated on the server from a brand colour or a logo's dominant colours,
 * every text and button pair meeting AA. The first theme of an account always becomes the active one.
 */
export function NewThemeDialog({
  open,
  onOpenChange,
  accountId,
  hasActive,
  logoMaxBytes,
  defaultName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  hasActive: boolean;
  logoMaxBytes: number;
  defaultName: string;
}) {
  const [generate] = useMutation(GenerateInitialThemeMutation, { refetchQueries: THEMES_REFETCH, awaitRefetchQueries: true });
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: defaultName, source: 'color', brandColor: '#4f46e5', makeActive: true },
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const source = form.watch('source');
  const brandColor = form.watch('brandColor');

  // Reset when the dialog opens, not when the default name changes while it is open: a themes refetch landing mid-way
  // (the name goes from "Theme 2" to "Theme 3") must not wipe what the user has typed and chosen.
  const resetOnOpen = useEffectEvent(() => {
    form.reset({ name: defaultName, source: 'color', brandColor: '#4f46e5', makeActive: true });
    setLogo(null);
    setLogoPreview(null);
    setLogoError(null);
    setGeneralError(null);
  });
  useEffect(() => {
    if (open) resetOnOpen();
  }, [open]);

  function chooseLogo(file: File | null) {
    setLogo(null);
    setLogoPreview(null);
    setLogoError(null);
    if (!file) return;
    const problem = logoProblem(file, logoMaxBytes);
    if (problem) {
      setLogoError(problem);
      return;
    }
    setLogo(file);
    // A data: URL, not a blob: one — the page's CSP allows data: images.
    const reader = new FileReader();
    reader.onload = () => setLogoPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  }

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    if (values.source === 'logo' && !logo) {
      setLogoError(logoError ?? 'Choose a PNG or JPEG logo.');
      return;
    }
    try {
      const result = await generate({
        variables: {
          accountId,
          name: values.name.trim(),
          brandColor: values.source === 'color' ? values.brandColor.trim() : null,
          logo: values.source === 'logo' ? logo : null,
          makeActive: hasActive ? values.makeActive : true,
        },
      });
      const theme = result.data?.generateInitialTheme;
      toast({
        title: `“${theme?.name ?? values.name}” generated`,
        description: theme?.isActive ? 'It is the active theme: the widget uses it now.' : 'Saved beside the active theme.',
      });
      onOpenChange(false);
    } catch (caught) {
      const unmatched = applyServerErrors(form, caught, { name: 'name', brandColor: 'brandColor' });
      const logoMessage = describeApiError(caught).fields['logo'];
      if (logoMessage) setLogoError(logoMessage);
      if (unmatched && !logoMessage) setGeneralError(unmatched);
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !submitting && onOpenChange(next)}
      className="sm:max-w-lg"
      title="New theme"
      description="We build light and dark colours from your brand, with readable text and buttons. You can fine-tune every colour afterwards."
      form={form}
      onSubmit={submit}
      generalError={generalError}
      errorTitle="Could not generate the theme"
    >
      <InputField control={form.control} name="name" label="Theme name" autoComplete="off" maxLength={60} />
      <RadioGroupField
        control={form.control}
        name="source"
        label="Start from"
        className="flex flex-wrap gap-4"
        options={[
          { value: 'color', label: 'Brand colour' },
          { value: 'logo', label: 'Logo' },
        ]}
      />
      {source === 'color' ? (
        <FormField
          control={form.control}
          name="brandColor"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Brand colour</FormLabel>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Brand colour: colour picker"
                  value={PICKER.test(brandColor.trim()) ? brandColor.trim().toLowerCase() : '#000000'}
                  onChange={(event) => field.onChange(event.target.value)}
                  className="h-9 w-11 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
                />
                <FormControl>
                  <Input {...field} className="w-32 font-mono" autoComplete="off" spellCheck={false} maxLength={7} placeholder="#RRGGBB" />
                </FormControl>
              </div>
              <FormDescription className="text-xs">Your main button colour, as #RRGGBB.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor="theme-logo">Logo</Label>
          <Input
            id="theme-logo"
            type="file"
            accept={THEME_LOGO_CONTENT_TYPES.join(',')}
            aria-invalid={logoError ? true : undefined}
            aria-describedby="theme-logo-hint"
            onChange={(event) => chooseLogo(event.target.files?.[0] ?? null)}
          />
          <p id="theme-logo-hint" className="text-xs text-muted-foreground">
            PNG or JPEG, at most {logoLimit(logoMaxBytes)} and {logoPixelLimit()}. Its main colours are picked on our server; the image itself is not kept.
          </p>
          {logoError && (
            <p className="text-sm font-medium text-destructive" role="alert">
              {logoError}
            </p>
          )}
          {logo && (
            <div className="flex items-center gap-3 rounded-md border p-2">
              {logoPreview ? (
                <img src={logoPreview} alt="The chosen logo" className="size-14 rounded bg-muted object-contain" />
              ) : (
                <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
              )}
              <span className="min-w-0 truncate text-sm">
                {logo.name} · {formatBytes(logo.size)}
              </span>
            </div>
          )}
        </div>
      )}
      {hasActive ? (
        <CheckboxField
          control={form.control}
          name="makeActive"
          label="Make it the active theme"
          description="The widget opened by URL switches to it straight away."
        />
      ) : (
        <p className="text-sm text-muted-foreground">This is the account’s first theme: the widget uses it straight away.</p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={submitting} onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner label="Generating" /> : <SparklesIcon aria-hidden />}
          Generate theme
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}
