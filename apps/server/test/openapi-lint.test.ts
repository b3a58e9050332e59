import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestApp, type TestApp } from './harness.ts';

/*
 * Both OpenAPI documents as the running app serves them, linted by an independent validator (Redocly's) with its
 * recommended ruleset and the example checks: no error and no warning may be left.
 */

let t: TestApp;
beforeAll(async () => {
  // The documents name PUBLIC_URL as their server: a deployment's own address (the tests' default is localhost, which
  // the recommended rule no-server-example.com rightly flags in a published document).
  t = await startTestApp({ PUBLIC_URL: 'https://rampart.test' });
});
afterAll(async () => {
  await t.close();
});

async function lint(path: string): Promise<string[]> {
  const document = (await (await fetch(`${t.baseUrl}${path}`)).json()) as object;
  const config = await createConfig({
    extends: ['recommended'],
    rules: {
      // Every example validates against its schema (off or warnings in the recommended set): errors here.
      'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: false },
      'no-invalid-schema-examples': { severity: 'error', allowAdditionalProperties: false },
      'no-invalid-parameter-examples': { severity: 'error', allowAdditionalProperties: false },
      'operation-4xx-response': 'error',
      'no-unused-components': 'error',
    },
  });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: `${t.baseUrl}${path}`, config });
  return problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`);
}

describe('the OpenAPI documents, linted by Redocly (recommended ruleset, examples checked)', () => {
  it('/v1/openapi.json has no error and no warning', async () => {
    expect(await lint('/v1/openapi.json')).toEqual([]);
  });

  it('/passes-api/v1/openapi.json has no error and no warning', async () => {
    expect(await lint('/passes-api/v1/openapi.json')).toEqual([]);
  });
});
