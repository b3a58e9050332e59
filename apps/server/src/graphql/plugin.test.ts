import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { buildValidationRules, GRAPHQL_LIMITS } from './plugin.ts';
import { loadTypeDefs } from './schema.ts';

const schema = buildSchema(loadTypeDefs());
const rules = buildValidationRules(parseEnv({ RAMPART_ENV: 'development' }));
const errorsOf = (query: string) => validate(schema, parse(query), rules).map((error) => error.message);

// The cost rule throws its refusal (graphql-armor propagates it) rather than returning it as a validation error.
// The fields of a pass template, twice: as the web app groups them in fragments, and spelled out.
const FIELD = 'key label value';
const FIELDS = ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].map((name) => `${name} { ${FIELD} }`).join(' ');
const CONTENT = `name style organizationName description logoText colors { background foreground label } fields { ${FIELDS} } barcodeFormat`;
const SPELLED_OUT = `query($id: ID!) { passProject(id: $id) { id templates { id projectId ${CONTENT} passCount } defaultTemplate { ${CONTENT} } } }`;
const IN_FRAGMENTS = `query($id: ID!) { passProject(id: $id) { id templates { id ...Template } defaultTemplate { ...Content } } }
  fragment Field on PassField { ${FIELD} }
  fragment Fields on PassFields { ${['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].map((name) => `${name} { ...Field }`).join(' ')} }
  fragment Content on PassTemplateContent { name style organizationName description logoText colors { background foreground label } fields { ...Fields } barcodeFormat }
  fragment Template on PassTemplate { id projectId ...Content passCount }`;

describe('the query cost limit', () => {
  it('costs a query the same whether its fields are spelled out or grouped in fragments', () => {
    // Both were refused when each fragment counted as a level of the answer: 5,435 against the limit of 5,000.
    expect(errorsOf(SPELLED_OUT)).toEqual([]);
    expect(errorsOf(IN_FRAGMENTS)).toEqual([]);
  });

  it('still refuses a query over the limit, spelled out or in fragments', () => {
    const overLimit = (body: string) =>
      `query($a: ID!) { ${Array.from({ length: GRAPHQL_LIMITS.aliases }, (_, index) => `p${index}: passProjects(accountId: $a) { ${body} }`).join(' ')} }`;
    const fragments = IN_FRAGMENTS.slice(IN_FRAGMENTS.indexOf('fragment Field'));
    const refused = new RegExp(`Query Cost limit of ${GRAPHQL_LIMITS.cost} exceeded`);
    const project = 'id name description allowedDomains policies { id name kind walletAddresses tokenIds } apiKeys { id name keyPrefix } webhooks { id url }';
    expect(() => errorsOf(overLimit(`${project} templates { id projectId ${CONTENT} passCount } defaultTemplate { ${CONTENT} }`))).toThrow(refused);
    expect(() => errorsOf(`${overLimit(`${project} templates { ...Template } defaultTemplate { ...Content }`)} ${fragments}`)).toThrow(refused);
  });
});
