// NUL: PostgreSQL text and jsonb cannot store it. An unpaired surrogate is not Unicode and cannot be encoded as UTF-8.
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const FORBIDDEN_CHARACTERS_MESSAGE = 'cannot contain NUL characters or unpaired surrogates.';

/** Text no column can hold, refused where input arrives (GraphQL arguments, REST query parameters). */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}
