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
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { CreatePassTemplateMutation, PassTemplatesQuery, SetPassTemplateImageMutation, UpdatePassTemplateMutation } from '@/features/passes/api/passes';
import { PassPreviews } from '@/features/passes/components/pass-preview';
import { labelOfBarcodeFormat, labelOfPassStyle } from '@/features/passes/lib/labels';
import { canAddField, FIELD_GROUP_LABEL, nextFieldKey, templateIssues, toHex, type TemplateDraft } from '@/features/passes/lib/passes';
import type { Passes_TemplateFragment, PassTemplateImageSlot } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { formatBytes } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { cn } from '@/lib/utils';

const SLOTS: Array<{ slot: PassTemplateImageSlot; label: string; hint: string }> = [
  { slot: 'logo', label: 'Logo', hint: 'Top left of the pass; about 160 × 50 px.' },
  { slot: 'icon', label: 'Icon', hint: 'Lock screen and notifications; 29 × 29 px or larger. A default is used without one.' },
  { slot: 'strip', label: 'Strip image', hint: 'Behind the primary field (store cards, coupons, tickets); 375 × 123 px.' },
];

/** A labelled control with its error under it (ids tie them together for screen readers). */
function Field({
  label,
  error,
  hint,
  children,
  id,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
  id?: string;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy = [error ? `${controlId}-error` : null, hint ? `${controlId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={controlId} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      {children({ id: controlId, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={`${controlId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${controlId}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function ColorInput({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            value={toHex(value)}
            onChange={(event) => onChange(event.target.value)}
            aria-label={`${label} picker`}
            className="h-9 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
          />
          <Input {...props} value={value} onChange={(event) => onChange(event.target.value)} className="font-mono" spellCheck={false} />
        </div>
      )}
    </Field>
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
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [images, setImages] = useState<Partial<Record<PassTemplateImageSlot, File | null>>>({});
  const [create] = useMutation(CreatePassTemplateMutation, { refetchQueries: [PassTemplatesQuery], awaitRefetchQueries: true });
  const [update] = useMutation(UpdatePassTemplateMutation);
  const [setImage] = useMutation(SetPassTemplateImageMutation);
  const issues = attempted ? { ...templateIssues(draft), ...serverIssues } : serverIssues;
  const logoUrl = useObjectUrl(images.logo);
  const iconUrl = useObjectUrl(images.icon);
  const stripUrl = useObjectUrl(images.strip);
  const previewImages = {
    logo: images.logo === null ? null : (logoUrl ?? template?.logoImageUrl),
    icon: images.icon === null ? null : (iconUrl ?? template?.iconImageUrl),
    strip: images.strip === null ? null : (stripUrl ?? template?.stripImageUrl),
  };
  const readOnly = !canManage;

  function change(patch: Partial<TemplateDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setServerIssues({});
  }
  function changeField(group: PassFieldGroup, index: number, patch: Partial<{ key: string; label: string; value: string }>) {
    setDraft((current) => ({
      ...current,
      fields: { ...current.fields, [group]: current.fields[group].map((field, at) => (at === index ? { ...field, ...patch } : field)) },
    }));
    setServerIssues({});
  }
  function addField(group: PassFieldGroup) {
    setDraft((current) => ({
      ...current,
      fields: { ...current.fields, [group]: [...current.fields[group], { key: nextFieldKey(current.fields), label: 'Label', value: '' }] },
    }));
  }
  function removeField(group: PassFieldGroup, index: number) {
    setDraft((current) => ({ ...current, fields: { ...current.fields, [group]: current.fields[group].filter((_, at) => at !== index) } }));
  }

  async function save() {
    setAttempted(true);
    setGeneralError(null);
    const found = templateIssues(draft);
    if (Object.keys(found).length > 0) {
      setGeneralError('Some settings need attention: see the messages under them.');
      return;
    }
    setSaving(true);
    const input = { ...draft, logoText: draft.logoText.trim() || null };
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
      toast({
        title: template ? 'Template saved' : 'Template created',
        description: `New passes use ${draft.name}; passes already issued update in wallets at their next refresh.`,
      });
      onDone();
    } catch (error) {
      const info = describeApiError(error);
      const mapped: Record<string, string> = {};
      for (const [field, message] of Object.entries(info.fields)) mapped[field.replace(/^input\./, '')] = message;
      setServerIssues(mapped);
      setGeneralError(info.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_38rem]">
      <div className="@container flex min-w-0 flex-col gap-6">
        <ErrorAlert message={generalError} title={template ? 'Could not save the template' : 'Could not create the template'} />
        <fieldset disabled={readOnly || saving} className="flex min-w-0 flex-col gap-6">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle className="text-base">Pass</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 @lg:grid-cols-2">
              <Field label="Template name" error={issues.name}>
                {(props) => <Input {...props} value={draft.name} onChange={(event) => change({ name: event.target.value })} />}
              </Field>
              <Field label="Style" error={issues.style}>
                {(props) => (
                  <Select value={draft.style} onValueChange={(value) => change({ style: value as TemplateDraft['style'] })} disabled={readOnly}>
                    <SelectTrigger id={props.id} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {PASS_STYLES.map((style) => (
                        <SelectItem key={style} value={style}>
                          {labelOfPassStyle(style)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
              <Field label="Organization name" error={issues.organizationName}>
                {(props) => <Input {...props} value={draft.organizationName} onChange={(event) => change({ organizationName: event.target.value })} />}
              </Field>
              <Field label="Logo text (optional)" error={issues.logoText}>
                {(props) => <Input {...props} value={draft.logoText} onChange={(event) => change({ logoText: event.target.value })} />}
              </Field>
              <div className="@lg:col-span-2">
                <Field label="Description" error={issues.description} hint="Read out by VoiceOver and shown in Google Wallet.">
                  {(props) => <Textarea {...props} rows={2} value={draft.description} onChange={(event) => change({ description: event.target.value })} />}
                </Field>
              </div>
              <Field label="Barcode format" error={issues.barcodeFormat}>
                {(props) => (
                  <Select
                    value={draft.barcodeFormat}
                    onValueChange={(value) => change({ barcodeFormat: value as TemplateDraft['barcodeFormat'] })}
                    disabled={readOnly}
                  >
                    <SelectTrigger id={props.id} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {PASS_BARCODE_FORMATS.map((format) => (
                        <SelectItem key={format} value={format}>
                          {labelOfBarcodeFormat(format)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
            </CardContent>
          </Card>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle className="text-base">Colours</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 @2xl:grid-cols-3">
              <ColorInput
                label="Background"
                value={draft.colors.background}
                error={issues['colors.background']}
                onChange={(value) => change({ colors: { ...draft.colors, background: value } })}
              />
              <ColorInput
                label="Text"
                value={draft.colors.foreground}
                error={issues['colors.foreground']}
                onChange={(value) => change({ colors: { ...draft.colors, foreground: value } })}
              />
              <ColorInput
                label="Labels"
                value={draft.colors.label}
                error={issues['colors.label']}
                onChange={(value) => change({ colors: { ...draft.colors, label: value } })}
              />
            </CardContent>
          </Card>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle className="text-base">Fields</CardTitle>
              <CardDescription>Values may use placeholders filled per pass: {PASS_FIELD_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              {PASS_FIELD_GROUPS.map((group) => (
                <section key={group} aria-label={`${FIELD_GROUP_LABEL[group]} fields`} className="flex flex-col gap-2">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-sm font-medium">
                      {FIELD_GROUP_LABEL[group]}{' '}
                      <span className="font-normal text-muted-foreground">
                        ({draft.fields[group].length} of {PASS_FIELD_GROUP_LIMITS[group]})
                      </span>
                    </h3>
                    {!readOnly && (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => addField(group)}
                        disabled={!canAddField(draft.fields, group)}
                        aria-label={`Add a ${FIELD_GROUP_LABEL[group].toLowerCase()} field`}
                      >
                        <PlusIcon aria-hidden /> Add
                      </Button>
                    )}
                  </div>
                  {draft.fields[group].length === 0 && <p className="text-xs text-muted-foreground">No {FIELD_GROUP_LABEL[group].toLowerCase()} fields.</p>}
                  {draft.fields[group].map((field, index) => {
                    const path = `fields.${group}.${index}`;
                    return (
                      <div
                        key={index}
                        className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-2 rounded-md border p-2 @2xl:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1.4fr)_auto] @2xl:items-start"
                        data-testid="template-field"
                      >
                        <Field label="Key" error={issues[`${path}.key`]}>
                          {(props) => (
                            <Input
                              {...props}
                              value={field.key}
                              className="font-mono text-xs"
                              onChange={(event) => changeField(group, index, { key: event.target.value })}
                            />
                          )}
                        </Field>
                        <Field label="Label" error={issues[`${path}.label`]}>
                          {(props) => <Input {...props} value={field.label} onChange={(event) => changeField(group, index, { label: event.target.value })} />}
                        </Field>
                        <div className="col-span-2 row-start-2 min-w-0 @2xl:col-span-1 @2xl:row-start-auto">
                          <Field label="Value" error={issues[`${path}.value`]}>
                            {(props) => <Input {...props} value={field.value} onChange={(event) => changeField(group, index, { value: event.target.value })} />}
                          </Field>
                        </div>
                        {!readOnly && (
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            className="col-start-3 row-span-2 row-start-1 size-8 self-center text-destructive hover:text-destructive @2xl:col-start-auto @2xl:row-span-1 @2xl:row-start-auto @2xl:mt-6 @2xl:self-start"
                            aria-label={`Remove the field ${field.label || field.key}`}
                            onClick={() => removeField(group, index)}
                          >
                            <Trash2Icon aria-hidden />
                          </Button>
                        )}
                      </div>
                    );
                  })}
                </section>
              ))}
            </CardContent>
          </Card>
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
      <aside className="order-first min-w-0 xl:sticky xl:top-20 xl:order-none xl:self-start" aria-label="Live preview">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-base">Live preview</CardTitle>
            <CardDescription>Sample values stand in for each pass's holder, token and serial.</CardDescription>
          </CardHeader>
          <CardContent>
            <PassPreviews template={draft} images={previewImages} />
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
