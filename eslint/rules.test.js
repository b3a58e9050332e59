// The project's lint rules on fixture text: each boundary of eslint/boundaries.js refuses an import that crosses it,
// and `as never` / `as any` need a reason on their line. Run by `npm run lint` (and so first in `npm test`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { BOUNDARIES } from './boundaries.js';
import rampart from './plugin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The rules alone, without type information (the fixtures are not files of any tsconfig).
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      // The fixtures' directives name rules these fixtures do not run; only the directive rules below judge them.
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      plugins: { rampart, '@typescript-eslint': tseslint.plugin, '@eslint-community/eslint-comments': eslintComments },
      rules: {
        '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
        '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
        'rampart/boundaries': ['error', { root, boundaries: BOUNDARIES }],
        'rampart/explained-type-escape': 'error',
        '@typescript-eslint/ban-ts-comment': [
          'error',
          { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description', minimumDescriptionLength: 8 },
        ],
      },
    },
  ],
});

async function problems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

async function boundaryNames(filePath, code) {
  return (await problems(filePath, code)).filter((m) => m.startsWith('rampart/boundaries')).map((m) => m.split(': ')[1]);
}

describe('web features', () => {
  const feature = 'apps/web/src/features/billing/components/plans-grid.tsx';

  it('refuses an import from another feature, by alias or relative path', async () => {
    expect(await boundaryNames(feature, `import { X } from '@/features/themes/components/theme-editor';`)).toEqual(['web-feature']);
    expect(await boundaryNames(feature, `import { X } from '../../themes/api/themes';`)).toEqual(['web-feature']);
    expect(await boundaryNames(feature, `export { X } from '@/features/themes/api/themes';`)).toEqual(['web-feature']);
    expect(await boundaryNames(feature, `const m = await import('@/features/themes/api/themes');`)).toEqual(['web-feature']);
  });

  it('refuses app/ and widget/ too', async () => {
    expect(await boundaryNames(feature, `import { X } from '@/app/router';`)).toEqual(['web-feature']);
    expect(await boundaryNames(feature, `import { X } from '../../../widget/lib/quote';`)).toEqual(['web-feature']);
  });

  it('allows its own folder, the shared folders, generated documents, @rampart/shared and packages', async () => {
    const code = [
      `import { a } from '@/features/billing/api/billing';`,
      `import { b } from '../api/billing';`,
      `import { c } from '@/components/ui/button';`,
      `import { d } from '@/hooks/use-toast';`,
      `import { e } from '@/lib/format';`,
      `import { f } from '@/config/routes';`,
      `import { graphql } from '@/gql';`,
      `import { g } from '@rampart/shared/billing';`,
      `import { useQuery } from '@apollo/client/react';`,
    ].join('\n');
    expect(await boundaryNames(feature, code)).toEqual([]);
  });

  it('lets app/ (routes) compose features, and keeps the shared folders free of them', async () => {
    expect(await boundaryNames('apps/web/src/app/routes/billing.tsx', `import { X } from '@/features/billing/components/plans-grid';`)).toEqual([]);
    expect(await boundaryNames('apps/web/src/components/ui/button.tsx', `import { X } from '@/features/billing/components/plans-grid';`)).toEqual([
      'web-shared-folders',
    ]);
    expect(await boundaryNames('apps/web/src/lib/format.ts', `import { X } from '../app/router';`)).toEqual(['web-shared-folders']);
  });
});

describe('the widget', () => {
  const step = 'apps/web/src/widget/steps/amount-step.tsx';

  it("refuses the dashboard's folders inside the widget bundle", async () => {
    expect(await boundaryNames(step, `import { Button } from '@/components/ui/button';`)).toEqual(['web-widget']);
    expect(await boundaryNames(step, `import { formatMoney } from '../../lib/format';`)).toEqual(['web-widget']);
    expect(await boundaryNames(step, `import { graphql } from '@/gql';`)).toEqual(['web-widget']);
    expect(await boundaryNames(step, `import { X } from '@/features/ramp/components/quote-calculator';`)).toEqual(['web-widget']);
  });

  it('allows its own folder, @rampart/shared and packages', async () => {
    const code = [
      `import { Button } from '../components/ui';`,
      `import { useWidget } from '../context';`,
      `import type { WidgetFlow } from '@rampart/shared/widget';`,
      `import { Check } from 'lucide-react';`,
    ].join('\n');
    expect(await boundaryNames(step, code)).toEqual([]);
  });

  it('is imported by no dashboard file', async () => {
    expect(await boundaryNames('apps/web/src/app/router.tsx', `import { WidgetApp } from '@/widget/app';`)).toEqual(['web-into-widget']);
    expect(await boundaryNames('apps/web/src/main.tsx', `import { WidgetApp } from './widget/app';`)).toEqual(['web-into-widget']);
    expect(await boundaryNames('apps/web/src/components/ui/button.tsx', `import { cx } from '@/widget/components/ui';`)).toEqual(['web-shared-folders']);
  });
});

describe('server modules', () => {
  const service = 'apps/server/src/modules/team/team.service.ts';

  it('refuses a runtime import from another module', async () => {
    expect(await boundaryNames(service, `import { createIdentityService } from '../identity/identity.service.ts';`)).toEqual(['server-module']);
    expect(await boundaryNames(service, `import { x, type Y } from '../identity/identity.service.ts';`)).toEqual(['server-module']);
  });

  it("allows another service's type (the service itself comes through services.ts), the outbox and its own module", async () => {
    const code = [
      `import type { IdentityService } from '../identity/identity.service.ts';`,
      `import { type LoadedSession } from '../identity/session-store.ts';`,
      `import { emitWebhookEvent } from '../webhooks/outbox.ts';`,
      `import { createTeamRepository } from './team.repository.ts';`,
      `import { sha256 } from '../../lib/sha256.ts';`,
      `import { memberships } from '../../db/schema/accounts.ts';`,
    ].join('\n');
    expect(await boundaryNames(service, code)).toEqual([]);
  });

  it('refuses services.ts and graphql/context.ts in services, repositories and helpers (the old import circle), not in resolvers and routes', async () => {
    expect(await boundaryNames('apps/server/src/modules/billing/billing.service.ts', `import type { AccountGrant } from '../../graphql/context.ts';`)).toEqual([
      'server-no-circle-through-services',
    ]);
    expect(await boundaryNames('apps/server/src/modules/billing/billing.repository.ts', `import type { Services } from '../../services.ts';`)).toEqual([
      'server-no-circle-through-services',
    ]);
    expect(await boundaryNames('apps/server/src/modules/billing/billing.resolvers.ts', `import { requireGrant } from '../../graphql/context.ts';`)).toEqual([]);
    expect(await boundaryNames('apps/server/src/modules/kyb/kyb.routes.ts', `import type { Services } from '../../services.ts';`)).toEqual([]);
  });

  it('shares the REST conventions through src/lib/rest/, never through public-api', async () => {
    const routes = 'apps/server/src/modules/passes/passes-api.routes.ts';
    expect(await boundaryNames(routes, `import { registerIdempotency } from '../../lib/rest/idempotency.ts';`)).toEqual([]);
    expect(await boundaryNames(routes, `import { restErrorBody } from '../../lib/rest/errors.ts';`)).toEqual([]);
    expect(await boundaryNames(routes, `import { RAMPART_API_DEFINITION } from '../public-api/openapi-definition.ts';`)).toEqual(['server-module']);
    expect(await boundaryNames(routes, `import { Transaction } from '../public-api/schemas.ts';`)).toEqual(['server-module']);
  });

  it('lets tests reach across modules', async () => {
    expect(
      await boundaryNames('apps/server/src/modules/team/team.test.ts', `import { createIdentityService } from '../identity/identity.service.ts';`),
    ).toEqual([]);
  });
});

describe('development-only code', () => {
  it('is refused to modules and shared code', async () => {
    expect(
      await boundaryNames('apps/server/src/modules/sso/sso.service.ts', `import { x } from '../../dev/identity-provider/dev-identity-provider.ts';`),
    ).toEqual(['server-dev']);
    expect(await boundaryNames('apps/server/src/modules/team/team.routes.ts', `const m = await import('../../dev/mailbox.ts');`)).toEqual(['server-dev']);
    expect(await boundaryNames('apps/server/src/lib/html.ts', `import { registerDevMailbox } from '../dev/mailbox.ts';`)).toEqual(['server-dev']);
  });

  it('is imported in the web app by the router only', async () => {
    expect(await boundaryNames('apps/web/src/app/router.tsx', `import { ForcedCrash } from '@/dev/forced-crash';`)).toEqual([]);
    expect(await boundaryNames('apps/web/src/app/shell/app-shell.tsx', `import { ForcedCrash } from '@/dev/forced-crash';`)).toEqual(['web-dev']);
    expect(await boundaryNames('apps/web/src/main.tsx', `import { ForcedCrash } from './dev/forced-crash';`)).toEqual(['web-dev']);
    expect(await boundaryNames('apps/web/src/features/billing/components/plans-grid.tsx', `import { ForcedCrash } from '@/dev/forced-crash';`)).toEqual([
      'web-feature',
    ]);
    expect(await boundaryNames('apps/web/src/lib/format.ts', `import { ForcedCrash } from '../dev/forced-crash';`)).toEqual(['web-shared-folders']);
  });

  it('is loaded by the app wiring, by tests and by itself', async () => {
    expect(await boundaryNames('apps/server/src/app.ts', `import { registerDevMailbox } from './dev/mailbox.ts';`)).toEqual([]);
    expect(await boundaryNames('apps/server/src/server.ts', `const m = await import('./dev/identity-provider/dev-identity-provider.ts');`)).toEqual([]);
    expect(await boundaryNames('apps/server/test/identity-provider.ts', `import { x } from '../src/dev/identity-provider/dev-identity-provider.ts';`)).toEqual(
      [],
    );
    expect(await boundaryNames('apps/server/src/dev/sms.ts', `import { x } from './identity-provider/dev-idp-users.ts';`)).toEqual([]);
  });
});

describe('test code', () => {
  it('is imported only by tests', async () => {
    expect(await boundaryNames('apps/server/src/app.ts', `import { startTestApp } from '../test/harness.ts';`)).toEqual(['test-code']);
    expect(await boundaryNames('apps/web/src/lib/format.ts', `import { x } from '../../e2e/fixtures';`)).toEqual(['test-code']);
    expect(await boundaryNames('bench/run.ts', `import { x } from '../apps/server/test/harness.ts';`)).toEqual(['test-code']);
    expect(await boundaryNames('apps/server/src/modules/team/team.test.ts', `import { startTestApp } from '../../../test/harness.ts';`)).toEqual([]);
    expect(
      await boundaryNames('apps/server/src/modules/team/team.authz-fixtures.ts', `import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';`),
    ).toEqual([]);
    expect(await boundaryNames('apps/web/e2e/billing.spec.ts', `import { test } from './fixtures';`)).toEqual([]);
  });
});

describe('type escape hatches', () => {
  const file = 'apps/server/src/lib/text.ts';

  it('refuses `as never` and `as any` without a reason on the line', async () => {
    expect(await problems(file, `export const a = f(x as never);`)).toEqual([expect.stringMatching(/^rampart\/explained-type-escape: `as never`/)]);
    expect(await problems(file, `export const a = (x as any).y;`)).toEqual([expect.stringMatching(/^rampart\/explained-type-escape: `as any`/)]);
    expect(await problems(file, `export const a = f(x as never); // ok`)).toHaveLength(1);
    expect(await problems(file, `// the driver's row type cannot express the json column\nexport const a = f(x as never);`)).toHaveLength(1);
  });

  it('accepts them with a comment on the same line saying why', async () => {
    expect(await problems(file, `export const a = f(x as never); // the driver's row type cannot express the json column`)).toEqual([]);
    expect(await problems(file, `export const a = f(x /* zod's union is wider than the column */ as any);`)).toEqual([]);
    expect(await problems(file, `export const a = f(x as unknown as string);`)).toEqual([]);
  });

  it('refuses @ts-ignore and @ts-expect-error without a description', async () => {
    expect(await problems(file, `// @ts-ignore\nexport const a: number = 'x';`)).toEqual([expect.stringMatching(/^@typescript-eslint\/ban-ts-comment/)]);
    expect(await problems(file, `// @ts-expect-error: the library's types miss the second overload\nexport const a: number = 'x';`)).toEqual([]);
  });
});

describe('eslint-disable comments', () => {
  const file = 'apps/server/src/lib/text.ts';
  const ruleIds = async (code) => (await problems(file, code)).map((m) => m.split(': ')[0]);

  it('refuses one without a reason after ` -- `, or without a rule name', async () => {
    expect(await ruleIds(`// eslint-disable-next-line no-control-regex\nexport const a = 1;`)).toEqual([
      '@eslint-community/eslint-comments/require-description',
    ]);
    expect(await ruleIds(`export const a = 1; // eslint-disable-line no-control-regex`)).toEqual(['@eslint-community/eslint-comments/require-description']);
    expect(await ruleIds(`/* eslint-disable -- legacy */\nexport const a = 1;`)).toEqual(['@eslint-community/eslint-comments/no-unlimited-disable']);
  });

  it('accepts one that names its rule and says why', async () => {
    expect(
      await ruleIds(`// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for\nexport const a = 1;`),
    ).toEqual([]);
  });
});

describe('eslint.config.js', () => {
  it('turns these rules on for the whole tree', async () => {
    const full = new ESLint({ cwd: root });
    for (const file of [
      'apps/web/src/features/billing/components/plans-grid.tsx',
      'apps/server/src/modules/team/team.service.ts',
      'bench/run.ts',
      'scripts/test.mjs',
    ]) {
      const config = await full.calculateConfigForFile(path.join(root, file));
      expect(config.rules['rampart/boundaries'][0], file).toBe(2);
      expect(config.rules['rampart/boundaries'][1].boundaries).toEqual(BOUNDARIES);
      expect(config.rules['rampart/explained-type-escape'][0], file).toBe(2);
      expect(config.rules['@eslint-community/eslint-comments/require-description'], file).toEqual([2, { ignore: [] }]);
      expect(config.rules['@eslint-community/eslint-comments/no-unlimited-disable'][0], file).toBe(2);
    }
    expect(await full.isPathIgnored(path.join(root, 'apps/web/src/gql/graphql.ts'))).toBe(true);
    // Loading the whole config imports every plugin: 2 s on a quiet machine, past vitest's 5 s default beside a build.
  }, 60_000);
});
