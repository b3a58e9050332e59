import { PASS_FIELD_GROUP_LIMITS, PASS_FIELD_GROUPS, type PassField, type PassFieldGroup, type PassFields } from '@rampart/shared/passes';
import { ROUTES } from '@/config/routes';

// Pure helpers of the passes area: paths, words, the template draft and its preview, policy input parsing.

export const PROJECT_SECTIONS = ['overview', 'passes', 'policies', 'templates', 'webhooks', 'keys', 'settings'] as const;
export type ProjectSection = (typeof PROJECT_SECTIONS)[number];

export const SECTION_LABEL: Record<ProjectSection, string> = {
  overview: 'Overview',
  passes: 'Passes',
  policies: 'Policies',
  templates: 'Templates',
  webhooks: 'Webhooks',
  keys: 'API keys',
  settings: 'Settings',
};

export function projectPath(projectId: string, section: ProjectSection = 'overview'): string {
  return `${ROUTES.passesProjects}/${projectId}/${section}`;
}

export function passPath(projectId: string, passId: string): string {
  return `${ROUTES.passesProjects}/${projectId}/passes/${passId}`;
}

/** "0x1234…abcd": long hex values shortened in the middle (full value in the title and copy button). */
export function shortHex(value: string | null | undefined, keep = 6): string {
  if (!value) return '—';
  return value.length > keep * 2 + 3 ? `${value.slice(0, keep)}…${value.slice(-4)}` : value;
}

// ---- Policies ----------------------------------------------------------------------------------------------------

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TOKEN_ID = /^\d{1,78}$/;

/** Addresses or token ids typed one per line, or separated by commas or spaces; blanks and repeats dropped. */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

export function isAddress(value: string): boolean {
  return ADDRESS.test(value.trim());
}

/** The first entries that are not 0x addresses, for a field error that names them. */
export function invalidAddresses(values: readonly string[]): string[] {
  return values.filter((value) => !ADDRESS.test(value));
}

/** Token ids are decimal strings (uint256), never numbers: "1", "42", not "0x2a" or "1.5". */
export function invalidTokenIds(values: readonly string[]): string[] {
  return values.filter((value) => !TOKEN_ID.test(value) || BigInt(value) >= 2n ** 256n);
}

/** "0xabc, 0xdef and 3 more". */
export function listSome(values: readonly string[], shown = 2): string {
  const head = values.slice(0, shown).join(', ');
  return values.length > shown ? `${head} and ${values.length - shown} more` : head;
}

// ---- Templates -----------------------------------------------------------------------------------------------------

export interface TemplateDraft {
  name: string;
  style: 'generic' | 'eventTicket' | 'storeCard' | 'coupon';
  organizationName: string;
  description: string;
  logoText: string;
  colors: { background: string; foreground: string; label: string };
  fields: PassFields;
  barcodeFormat: 'QR' | 'PDF417' | 'AZTEC' | 'CODE128';
}

export function emptyFields(): PassFields {
  return Object.fromEntries(PASS_FIELD_GROUPS.map((group) => [group, [] as PassField[]])) as unknown as PassFields;
}

/** The draft of a saved template (GraphQL's __typename and extra fields dropped so it can be sent back as input). */
export function draftOf(template: {
  name: string;
  style: string;
  organizationName: string;
  description: string;
  logoText?: string | null;
  colors: { background: string; foreground: string; label: string };
  fields: Record<PassFieldGroup, ReadonlyArray<{ key: string; label: string; value: string }>>;
  barcodeFormat: string;
}): TemplateDraft {
  const fields = emptyFields();
  for (const group of PASS_FIELD_GROUPS) fields[group] = (template.fields[group] ?? []).map(({ key, label, value }) => ({ key, label, value }));
  return {
    name: template.name,
    style: template.style as TemplateDraft['style'],
    organizationName: template.organizationName,
    description: template.description,
    logoText: template.logoText ?? '',
    colors: { background: template.colors.background, foreground: template.colors.foreground, label: template.colors.label },
    fields,
    barcodeFormat: template.barcodeFormat as TemplateDraft['barcodeFormat'],
  };
}

export const FIELD_GROUP_LABEL: Record<PassFieldGroup, string> = {
  headerFields: 'Header',
  primaryFields: 'Primary',
  secondaryFields: 'Secondary',
  auxiliaryFields: 'Auxiliary',
  backFields: 'Back of the pass',
};

export function canAddField(fields: PassFields, group: PassFieldGroup): boolean {
  return fields[group].length < PASS_FIELD_GROUP_LIMITS[group];
}

/** A key for a new field, unique in the template ("field1", "field2"…). */
export function nextFieldKey(fields: PassFields): string {
  const used = new Set(PASS_FIELD_GROUPS.flatMap((group) => fields[group].map((field) => field.key)));
  let index = 1;
  while (used.has(`field${index}`)) index += 1;
  return `field${index}`;
}

/** The draft's problems, by path ("fields.primaryFields.0.key"), as the server would refuse them. */
export function templateIssues(draft: TemplateDraft): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!draft.name.trim()) issues.name = 'Give the template a name';
  if (!draft.organizationName.trim()) issues.organizationName = 'Apple shows the organization name on the lock screen; enter one';
  if (!draft.description.trim()) issues.description = 'Enter a description (read out by VoiceOver)';
  for (const color of ['background', 'foreground', 'label'] as const) {
    if (!parseColor(draft.colors[color])) issues[`colors.${color}`] = 'Use #rrggbb or rgb(r, g, b)';
  }
  const keys = new Map<string, string>();
  for (const group of PASS_FIELD_GROUPS) {
    draft.fields[group].forEach((field, index) => {
      const path = `fields.${group}.${index}`;
      if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field.key)) issues[`${path}.key`] = 'Letters, digits and _, starting with a letter';
      else if (keys.has(field.key)) issues[`${path}.key`] = `Already used by another field`;
      keys.set(field.key, path);
      if (!field.value.trim()) issues[`${path}.value`] = 'Enter a value or a placeholder such as {{holder}}';
    });
  }
  return issues;
}

/** Placeholder values the preview shows in place of a real pass's. */
export const SAMPLE_VALUES: Record<string, string> = {
  holder: '0x71C7…976F',
  tokenId: '42',
  contract: '0xa16E…8b7c',
  serial: 'PS-7Q4M-2K9X',
  project: 'Your project',
  externalId: 'member-1042',
};

/** A field value with {{placeholders}} filled from `values` (unknown ones left as typed). */
export function fillPlaceholders(text: string, values: Record<string, string> = SAMPLE_VALUES): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** #rgb, #rrggbb or rgb(r, g, b) → [r, g, b]; null when unreadable. */
export function parseColor(value: string): [number, number, number] | null {
  const text = value.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(text);
  if (rgb) {
    const parts = rgb.slice(1, 4).map(Number);
    return parts.every((part) => part <= 255) ? (parts as [number, number, number]) : null;
  }
  return null;
}

/** A colour as #rrggbb for <input type="color"> (black when unreadable). */
export function toHex(value: string): string {
  const rgb = parseColor(value);
  return rgb ? `#${rgb.map((part) => part.toString(16).padStart(2, '0')).join('')}` : '#000000';
}

/** A CSS colour the preview can paint: the value when readable, else the fallback. */
export function cssColor(value: string, fallback: string): string {
  return parseColor(value) ? value.trim() : fallback;
}

// ---- Overview ------------------------------------------------------------------------------------------------------

export const OVERVIEW_RANGES = [
  { value: '7d', label: 'Last 7 days', days: 7 },
  { value: '30d', label: 'Last 30 days', days: 30 },
  { value: '90d', label: 'Last 90 days', days: 90 },
] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number]['value'];

/** The range as from/to instants: whole UTC days, ending today. */
export function rangeBounds(range: OverviewRange, now: Date = new Date()): { from: string; to: string } {
  const days = OVERVIEW_RANGES.find((item) => item.value === range)?.days ?? 30;
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const start = new Date(end.getTime() - days * 86_400_000);
  return { from: start.toISOString(), to: end.toISOString() };
}

export function isOverviewRange(value: string | null): value is OverviewRange {
  return OVERVIEW_RANGES.some((item) => item.value === value);
}

// ---- Settings ------------------------------------------------------------------------------------------------------

/** Allowed domains typed one per line or comma-separated: host names only, lower-case. */
export function parseDomains(text: string): { domains: string[]; invalid: string[] } {
  const domains = splitList(text).map((item) => item.toLowerCase());
  const invalid = domains.filter((domain) => !/^(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(:\d{1,5})?$/.test(domain));
  return { domains, invalid };
}

/** A short curl example of the REST API: a nonce for a sign-in message. */
export function curlExample(apiBaseUrl: string): string {
  return [`curl -X POST ${apiBaseUrl}/nonces \\`, `  -H "Authorization: Bearer $RAMPART_PASSES_KEY"`].join('\n');
}
