// NUL: PostgreSQL text and jsonb cannot store it. An unpaired surrogate is not Unicode and cannot be encoded as UTF-8.
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const FORBIDDEN_CHARACTERS_MESSAGE = 'cannot contain NUL characters or unpaired surrogates.';

/** Text no column can hold, refused where input arrives (GraphQL arguments, REST query parameters). */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

// The C0 controls and DEL (tab, line breaks, escape…): never part of a name, an identifier or a profile value.
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A name or identifier with a control character in it: refused (API key names, minting names and addresses). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

// File names also refuse the C1 controls (U+0080–U+009F): invisible in file managers and unsafe in Content-Disposition.
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const FILE_NAME_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A declared file name with a C0 or C1 control character or DEL in it (kyb/ refuses it). */
export function hasFileNameControlCharacters(value: string): boolean {
  return value.search(FILE_NAME_CONTROL_CHARACTERS) !== -1;
}

/** The declared file name without its C0 and C1 controls and DEL (kyb/ shows and sends the rest). */
export function withoutFileNameControlCharacters(value: string): string {
  return value.replace(FILE_NAME_CONTROL_CHARACTERS, '');
}

// Bidirectional controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and
// U+061C) change the order in which text is shown, so a stored name can look like another (a file's real extension hidden).
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

export const BIDI_CONTROLS_MESSAGE = 'cannot contain bidirectional control characters (such as U+202E), which change how the text is shown.';
export const FILE_NAME_BIDI_MESSAGE =
  'The file name contains bidirectional control characters (such as U+202E), which can disguise its real extension: rename the file and upload it again.';

/** Text that would be shown in another order than it is stored: refused in names (input-guard.ts, KYB file names). */
export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROLS.test(value);
}
