import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import {
  PASS_BARCODE_FORMATS,
  PASS_FIELD_GROUP_LIMITS,
  PASS_FIELD_GROUPS,
  PASS_FIELD_PLACEHOLDERS,
  PASS_IMAGE_MAX_BYTES,
  PASS_STYLES,
  type PassFieldGroup,
} from '@rampart/shared/passes';
import { ImageIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { TextareaField } from '@/components/form/textarea-field';
import { SelectField } from '@/components/form/select-field';
import { ErrorAlert } from '@/components/form-alert';
import { InputField } from '@/components/form/input-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { CreatePassTemplateMutation, PassTemplatesQuery, SetPassTemplateImageMutation, UpdatePassTemplateMutation } from '@/features/passes/api/passes';
import { PassPreviews } from '@/features/passes/components/pass-preview';
import { labelOfBarcodeFormat, labelOfPassStyle } from '@/features/passes/lib/labels';
import { canAddField, FIELD_GROUP_LABEL, nextFieldKey, templateIssues, toHex, type TemplateDraft } from '@/features/passes/lib/passes';
import type { Passes_TemplateFragment, PassTemplateImageSlot } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { formatBytes } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { SectionCard } from '@/components/section-card';

const SLOTS: Array<{ slot: PassTemplateImageSlot; label: string; hint: string }> = [
  { slot: 'logo', label: 'Logo', hint: 'Top left of the pass; about 160 × 50 px.' },
  { slot: 'icon', label: 'Icon', hint: 'Lock screen and notifications; 29 × 29 px or larger. A default is used without one.' },
  { slot: 'strip', label: 'Strip image', hint: 'Behind the primary field (store cards, coupons, tickets); 375 × 123 px.' },
];

/** A colour as #rrggbb or rgb(…): the browser's picker beside the text. */
function ColorField({ control, name, label }: { control: Control<TemplateDraft>; name: `colors.${'background' | 'foreground' | 'label'}`; label: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="min-w-0 gap-1.5">
          <FormLabel>{label}</FormLabel>
          <div className="flex items-center gap-2">
            <input
              type="color"
              value={toHex(field.value)}
              onChange={(event) => field.onChange(event.target.value)}
              aria-label={`${label} picker`}
              className="h-9 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
            />
            <FormControl>
              <Input {...field} className="font-mono" spellCheck={false} />
            </FormControl>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The draft's problems (templateIssues, as the server would refuse them) on the form's own fields. */
const STYLE_OPTIONS = PASS_STYLES.map((style) => ({ value: style, label: labelOfPassStyle(style) }));
const BARCODE_OPTIONS = PASS_BARCODE_FORMATS.map((format) => ({ value: format, label: labelOfBarcodeFormat(format) }));

/** One of the template's fixed choices, as wide as its column. */
function ChoiceField({
  control,
  name,
  label,
  options,
  disabled,
}: {
  control: Control<TemplateDraft>;
  name: 'style' | 'barcodeFormat';
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled: boolean;
}) {
  return (
    <SelectField control={control} name={name} label={label} itemClassName="min-w-0 gap-1.5" options={options} triggerClassName="w-full" disabled={disabled} />
  );
}

const templateSchema = z.custom<TemplateDraft>().superRefine((draft, ctx) => {
  for (const [path, message] of Object.entries(templateIssues(draft))) {
    ctx.addIssue({ code: 'custom', path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message });
  }
});

/** One group of the pass's fields (primary, secondary…): its rows of key, label and value, added and removed. */
function FieldGroupSection({ control, group, readOnly }: { control: Control<TemplateDraft>; group: PassFieldGroup; readOnly: boolean }) {
  const rows = useFieldArray({ control, name: `fields.${group}` });
  const fields = useWatch({ control, name: 'fields' });
  const values = useWatch({ control, name: `fields.${group}` });
  const name = FIELD_GROUP_LABEL[group];
  return (
    <section aria-label={`${name} fields`} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">
          {name}{' '}
          <span className="font-normal text-muted-foreground">
            ({rows.fields.length} of {PASS_FIELD_GROUP_LIMITS[group]})
          </span>
        </h3>
        {!readOnly && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => rows.append({ key: nextFieldKey(fields), label: 'Label', value: '' })}
            disabled={!canAddField(fields, group)}
            aria-label={`Add a ${name.toLowerCase()} field`}
          >
            <PlusIcon aria-hidden /> Add
          </Button>
        )}
      </div>
      {rows.fields.length === 0 && <p className="text-xs text-muted-foreground">No {name.toLowerCase()} fields.</p>}
      {rows.fields.map((row, index) => {
        const current = values[index] ?? row;
        return (
          <div
            key={row.id}
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-2 rounded-md border p-2 @2xl:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1.4fr)_auto] @2xl:items-start"
            data-testid="template-field"
          >
            <InputField control={control} name={`fields.${group}.${index}.key`} label="Key" className="font-mono text-xs" />
            <InputField control={control} name={`fields.${group}.${index}.label`} label="Label" />
            <div className="col-span-2 row-start-2 min-w-0 @2xl:col-span-1 @2xl:row-start-auto">
              <InputField control={control} name={`fields.${group}.${index}.value`} label="Value" />
            </div>
            {!readOnly && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="col-start-3 row-span-2 row-start-1 size-8 self-center text-destructive hover:text-destructive @2xl:col-start-auto @2xl:row-span-1 @2xl:row-start-auto @2xl:mt-6 @2xl:self-start"
                aria-label={`Remove the field ${current.label || current.key}`}
                onClick={() => rows.remove(index)}
              >
                <Trash2Icon aria-hidden />
              </Button>
            )}
          </div>
        );
      })}
    </section>
  );
}

function ImagePicker({
  label,
  hint,
  current,
  pending,
  onPick,
  disabled,
}: {
  label: string;
  hint: string;
  current: string | null;
  pending: File | null | undefined;
  onPick: (file: File | null | undefined) => void;
  disabled: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const shown = pending === null ? null : pending ? 'pending' : current;
  return (
    <div className="flex flex-col gap-1.5 rounded-md border p-3">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {shown && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onPick(null)} disabled={disabled}>
            <XIcon aria-hidden /> Remove
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
      <Input
        id={id}
        type="file"
        accept="image/png"
        disabled={disabled}
        aria-invalid={Boolean(error)}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          if (file.type !== 'image/png') return setError('Wallets take PNG images only. Export the image as PNG and try again.');
          if (file.size > PASS_IMAGE_MAX_BYTES) return setError(`The image is ${formatBytes(file.size)}; at most ${formatBytes(PASS_IMAGE_MAX_BYTES)}.`);
          setError(null);
          onPick(file);
        }}
      />
      {pending && <p className="text-xs text-muted-foreground">{pending.name} — uploaded when you save.</p>}
      {pending === null && current && <p className="text-xs text-muted-foreground">Removed when you save.</p>}
      {error && <p className="text-xs font-medium text-destructive">{error}</p>}
    </div>
  );
}

function useObjectUrl(file: File | null | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/** The template editor: every setting on the left, both wallets' live previews on the right. */
export function TemplateEditor({
  projectId,
  template,
  initial,
  canManage,
  onDone,
}: {
  projectId: string;
  template: Passes_TemplateFragment | null;
  initial: TemplateDraft;
  canManage: boolean;
  onDone: () => void;
}) {
  const form = useForm<TemplateDraft>({ resolver: zodResolver(templateSchema), defaultValues: initial });
  const draft = useWatch({ control: form.control }) as TemplateDraft;
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [images, setImages] = useState<Partial<Record<PassTemplateImageSlot, File | null>>>({});
  const [create] = useMutation(CreatePassTemplateMutation, { refetchQueries: [PassTemplatesQuery], awaitRefetchQueries: true });
  const [update] = useMutation(UpdatePassTemplateMutation);
  const [setImage] = useMutation(SetPassTemplateImageMutation);
  const logoUrl = useObjectUrl(images.logo);
  const iconUrl = useObjectUrl(images.icon);
  const stripUrl = useObjectUrl(images.strip);
  const previewImages = {
    logo: images.logo === null ? null : (logoUrl ?? template?.logoImageUrl),
    icon: images.icon === null ? null : (iconUrl ?? template?.iconImageUrl),
    strip: images.strip === null ? null : (stripUrl ?? template?.stripImageUrl),
  };
  const readOnly = !canManage;
  const saving = form.formState.isSubmitting;
  useUnsavedChanges(!readOnly && (form.formState.isDirty || Object.keys(images).length > 0));

  const save = form.handleSubmit(
    async (values) => {
      setGeneralError(null);
      const input = { ...values, logoText: values.logoText.trim() || null };
      try {
        const saved = template
          ? (await update({ variables: { id: template.id, input } })).data?.updatePassTemplate
          : (await create({ variables: { projectId, input } })).data?.createPassTemplate;
        if (saved) {
          for (const { slot } of SLOTS) {
            const file = images[slot];
            if (file !== undefined) await setImage({ variables: { id: saved.id, slot, file } });
          }
        }
        setImages({});
        // Saved: closing the editor loses nothing.
        form.reset(values);
        toast({
          title: template ? 'Template saved' : 'Template created',
          description: `New passes use ${values.name}; passes already issued update in wallets at their next refresh.`,
        });
        onDone();
      } catch (error) {
        const info = describeApiError(error);
        for (const [field, message] of Object.entries(info.fields)) {
          form.setError(field.replace(/^input\./, '') as FieldPath<TemplateDraft>, { type: 'server', message });
        }
        setGeneralError(info.message);
      }
    },
    () => setGeneralError('Some settings need attention: see the messages under them.'),
  );

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_38rem]">
      <Form {...form}>
        <div className="@container flex min-w-0 flex-col gap-6">
          <ErrorAlert message={generalError} title={template ? 'Could not save the template' : 'Could not create the template'} />
          <fieldset disabled={readOnly || saving} className="flex min-w-0 flex-col gap-6">
            <SectionCard title="Pass" className="gap-4" contentClassName="grid gap-4 @lg:grid-cols-2">
              <InputField control={form.control} name="name" label="Template name" />
              <ChoiceField control={form.control} name="style" label="Style" options={STYLE_OPTIONS} disabled={readOnly} />
              <InputField control={form.control} name="organizationName" label="Organization name" />
              <InputField control={form.control} name="logoText" label="Logo text (optional)" />
              <TextareaField
                control={form.control}
                name="description"
                label="Description"
                description="Read out by VoiceOver and shown in Google Wallet."
                itemClassName="min-w-0 gap-1.5 @lg:col-span-2"
                rows={2}
              />
              <ChoiceField control={form.control} name="barcodeFormat" label="Barcode format" options={BARCODE_OPTIONS} disabled={readOnly} />
            </SectionCard>
            <SectionCard title="Colours" className="gap-4" contentClassName="grid gap-4 @2xl:grid-cols-3">
              <ColorField control={form.control} name="colors.background" label="Background" />
              <ColorField control={form.control} name="colors.foreground" label="Text" />
              <ColorField control={form.control} name="colors.label" label="Labels" />
            </SectionCard>
            <SectionCard
              title="Fields"
              description={<>Values may use placeholders filled per pass: {PASS_FIELD_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}.</>}
              className="gap-4"
              contentClassName="flex flex-col gap-5"
            >
              {PASS_FIELD_GROUPS.map((group) => (
                <FieldGroupSection key={group} control={form.control} group={group} readOnly={readOnly} />
              ))}
            </SectionCard>
            <Card className="gap-4">
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-base">
                  <ImageIcon className="size-4" aria-hidden /> Images
                </CardTitle>
                <CardDescription>PNG, at most {formatBytes(PASS_IMAGE_MAX_BYTES)} each.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3 @2xl:grid-cols-3">
                {SLOTS.map(({ slot, label, hint }) => (
                  <ImagePicker
                    key={slot}
                    label={label}
                    hint={hint}
                    current={(slot === 'logo' ? template?.logoImageUrl : slot === 'icon' ? template?.iconImageUrl : template?.stripImageUrl) ?? null}
                    pending={images[slot]}
                    disabled={readOnly || saving}
                    onPick={(file) => setImages((current) => ({ ...current, [slot]: file }))}
                  />
                ))}
              </CardContent>
            </Card>
          </fieldset>
          {!readOnly && (
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
                Cancel
              </Button>
              <Button type="button" onClick={() => void save()} disabled={saving}>
                {saving && <Spinner label="Saving" />}
                {template ? 'Save template' : 'Create template'}
              </Button>
            </div>
          )}
        </div>
      </Form>
      <aside className="order-first min-w-0 xl:sticky xl:top-20 xl:order-none xl:self-start" aria-label="Live preview">
        <SectionCard title="Live preview" description="Sample values stand in for each pass's holder, token and serial." className="gap-4">
          <PassPreviews template={draft} images={previewImages} />
        </SectionCard>
      </aside>
    </div>
  );
}
