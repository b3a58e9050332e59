import { PASS_FIELD_GROUPS, type PassField, type PassFields } from '@rampart/shared/passes';

/** What renderPassFields reads of a template, a pass and its project (Drizzle rows fit). */
export interface RenderableTemplate {
  fields: PassFields;
}
export interface RenderablePass {
  holderAddress: string;
  tokenId: string | null;
  contractAddress: string | null;
  serialNumber: string;
  externalId: string | null;
  /** The pass's own layout (the REST API's `layout`): a group given here replaces the template's group. */
  layout: Partial<PassFields> | null;
}
export interface RenderableProject {
  name: string;
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** Fills {{holder}}, {{tokenId}}, {{contract}}, {{serial}}, {{project}}, {{externalId}}; an unknown placeholder stays as written. */
export function fillPlaceholders(text: string, pass: RenderablePass, project: RenderableProject): string {
  const values: Record<string, string> = {
    holder: pass.holderAddress,
    tokenId: pass.tokenId ?? '',
    contract: pass.contractAddress ?? '',
    serial: pass.serialNumber,
    project: project.name,
    externalId: pass.externalId ?? '',
  };
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name]! : whole));
}

/**
 * The fields a pass shows: per group, the pass's layout when it gives that group, else the template's; placeholders
 * filled. Shared by the dashboard (Pass.fields), the .pkpass and the Google save link.
 */
export function renderPassFields(template: RenderableTemplate, pass: RenderablePass, project: RenderableProject): PassFields {
  const rendered = {} as PassFields;
  for (const group of PASS_FIELD_GROUPS) {
    const source: PassField[] = pass.layout?.[group] ?? template.fields[group] ?? [];
    rendered[group] = source.map((field) => ({
      key: field.key,
      label: fillPlaceholders(field.label, pass, project),
      value: fillPlaceholders(field.value, pass, project),
    }));
  }
  return rendered;
}
