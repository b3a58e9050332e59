import { z } from 'zod';

// The provider's profile schema (GET /idp/myaccount/profile/schema) as form fields: each property's title, type,
// length limits, choices and the user's own permission (SELF: READ_WRITE, READ_ONLY or HIDE).

export interface ProfileFieldChoice {
  value: string;
  label: string;
}

export interface ProfileField {
  name: string;
  label: string;
  editable: boolean;
  required: boolean;
  minLength: number | null;
  maxLength: number | null;
  pattern: string | null;
  choices: ProfileFieldChoice[] | null;
  /** An e-mail-like field (format "email"), for the input's type and autocomplete. */
  format: string | null;
}

const permissionSchema = z.object({ principal: z.string().optional(), action: z.string().optional() }).loose();

const propertySchema = z
  .object({
    title: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    required: z.boolean().optional(),
    minLength: z.number().int().nonnegative().optional(),
    maxLength: z.number().int().positive().optional(),
    pattern: z.string().optional(),
    format: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    oneOf: z.array(z.object({ const: z.unknown(), title: z.string().optional() }).loose()).optional(),
    mutability: z.string().optional(),
    permissions: z.array(permissionSchema).optional(),
  })
  .loose();

/** "firstName" → "First name", for properties without a title. */
export function humanizeProperty(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function selfAction(property: z.infer<typeof propertySchema>): string | null {
  const own = property.permissions?.find((permission) => !permission.principal || permission.principal === 'SELF');
  return own?.action ?? property.mutability ?? null;
}

/**
 * The fields to show, in the schema's order: hidden ones and non-text ones (booleans, arrays, objects) are left out,
 * and a field is editable unless the user's permission (or its mutability) makes it read-only.
 */
export function profileFieldsOf(properties: Record<string, unknown>): ProfileField[] {
  const fields: ProfileField[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const parsed = propertySchema.safeParse(raw);
    if (!parsed.success) continue;
    const property = parsed.data;
    const types = Array.isArray(property.type) ? property.type : [property.type ?? 'string'];
    if (!types.includes('string')) continue;
    const action = selfAction(property);
    if (action === 'HIDE') continue;
    const choices = property.oneOf
      ? property.oneOf
          .filter((choice) => typeof choice.const === 'string')
          .map((choice) => ({ value: String(choice.const), label: choice.title ?? String(choice.const) }))
      : property.enum
        ? property.enum.filter((value): value is string => typeof value === 'string').map((value) => ({ value, label: value }))
        : null;
    fields.push({
      name,
      label: property.title ?? humanizeProperty(name),
      editable: action !== 'READ_ONLY' && action !== 'IMMUTABLE',
      required: property.required ?? false,
      minLength: property.minLength ?? null,
      maxLength: property.maxLength ?? null,
      pattern: property.pattern ?? null,
      choices: choices && choices.length > 0 ? choices : null,
      format: property.format ?? null,
    });
  }
  return fields;
}

function validPattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

/** The form's validation, from the same limits the provider checks (it checks them again on save). */
export function profileFormSchema(fields: ProfileField[]) {
  const shape: Record<string, z.ZodType<string, string>> = {};
  for (const field of fields.filter((candidate) => candidate.editable)) {
    shape[field.name] = z.string().superRefine((value, ctx) => {
      const trimmed = value.trim();
      if (trimmed === '') {
        if (field.required) ctx.addIssue({ code: 'custom', message: `Enter your ${field.label.toLowerCase()}` });
        return;
      }
      if (field.minLength != null && trimmed.length < field.minLength) {
        ctx.addIssue({ code: 'custom', message: `${field.label} needs at least ${field.minLength} ${field.minLength === 1 ? 'character' : 'characters'}` });
      }
      if (field.maxLength != null && trimmed.length > field.maxLength) {
        ctx.addIssue({ code: 'custom', message: `${field.label} can be at most ${field.maxLength} characters` });
      }
      const pattern = field.pattern ? validPattern(field.pattern) : null;
      if (pattern && !pattern.test(trimmed)) ctx.addIssue({ code: 'custom', message: `${field.label} is not in the expected format` });
      if (field.choices && !field.choices.some((choice) => choice.value === trimmed))
        ctx.addIssue({ code: 'custom', message: `Choose one of the listed values` });
    });
  }
  return z.object(shape);
}

/** The form's starting values: every shown field as text. */
export function profileFormValues(fields: ProfileField[], profile: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.name, typeof profile[field.name] === 'string' ? (profile[field.name] as string) : '']));
}

/** What PUT /profile gets: every editable field, trimmed, with an empty optional field cleared (null). */
export function profileUpdateOf(fields: ProfileField[], values: Record<string, string>): Record<string, string | null> {
  const update: Record<string, string | null> = {};
  for (const field of fields.filter((candidate) => candidate.editable)) {
    const value = (values[field.name] ?? '').trim();
    update[field.name] = value === '' ? null : value;
  }
  return update;
}
