import type { TestApp } from './harness.ts';

/** Creates one entity of a type inside `accountId` and returns its id; modules export these as `fixtures` from `*.authz-fixtures.ts`. */
export type AuthzFixtures = Record<string, (input: { app: TestApp; accountId: string }) => Promise<string>>;
