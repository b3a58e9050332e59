// Import boundaries as data: the architecture of docs/architecture.md, checked by eslint/rules/boundaries.js.
//
// Each row: `from` (files the row applies to; each `*` captures a folder name, used as {1}, {2}… in `allow`),
// `except` (files it does not apply to), `target` (imports resolving here are checked; any other import is not
// this row's business), `allow` (targets that are fine), `typeImports` ('allow': `import type` is fine whatever the
// target), and `message` (what to do instead). Paths are from the repository root; `@/…` is apps/web/src/…,
// `@rampart/shared/…` is packages/shared/src/…
// eslint/rules.test.js lints a file breaking each row and expects the error (`npm test -- lint-rules`).

/** Tests, their fixtures and harnesses: free to reach anything, and the only files that may import test code. */
export const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.spec.ts',
  '**/*.authz-fixtures.ts',
  'apps/*/test/**',
  'apps/web/e2e/**',
  'apps/web/src/testing/**',
  'scripts/cluster/**',
];

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

export const BOUNDARIES = [
  {
    name: 'web-feature',
    from: `${WEB}/features/*/**`,
    target: `${WEB}/**`,
    allow: [`${WEB}/features/{1}/**`, `${WEB}/components/**`, `${WEB}/hooks/**`, `${WEB}/lib/**`, `${WEB}/config/**`, `${WEB}/gql/**`],
    message:
      'A web feature imports only components/, hooks/, lib/, config/, gql/, @rampart/shared and its own folder, never another feature: move what two features share to components/ or lib/ (docs/architecture.md).',
  },
  {
    name: 'web-shared-folders',
    from: `${WEB}/{components,hooks,lib,config}/**`,
    target: `${WEB}/**`,
    allow: [`${WEB}/components/**`, `${WEB}/hooks/**`, `${WEB}/lib/**`, `${WEB}/config/**`, `${WEB}/gql/**`],
    message: 'components/, hooks/, lib/ and config/ are shared by every feature and import nothing from features/, app/ or widget/.',
  },
  {
    // The widget is its own bundle (widget.html) with a 120 KB gzip budget (scripts/widget-size.mjs): the dashboard's
    // shared folders bring Apollo, Radix and the dashboard's styles with them, so it keeps its own small copies.
    name: 'web-widget',
    from: `${WEB}/widget/**`,
    target: `${WEB}/**`,
    allow: [`${WEB}/widget/**`],
    message:
      'The widget is a separate bundle under a 120 KB budget: it imports only its own folder, @rampart/shared and packages, never components/, lib/, hooks/, gql/ or the dashboard (put what both need in @rampart/shared).',
  },
  {
    // The dashboard never reaches into the widget, whose code belongs to the other bundle: app/ and the entry files here;
    // features/ and the shared folders already refuse it in their own rows.
    name: 'web-into-widget',
    from: `${WEB}/**`,
    except: [...TEST_FILES, `${WEB}/{widget,features,components,hooks,lib,config}/**`],
    target: `${WEB}/widget/**`,
    allow: [],
    message:
      'Only the widget imports apps/web/src/widget/: a dashboard file that needs its code moves it to @rampart/shared (the widget bundle is built on its own).',
  },
  {
    // Development-only screens and hooks (`npm run dev`), left out of the production build (vite-no-test-hooks.ts): the
    // router adds them behind import.meta.env.DEV; features/ and the shared folders already refuse dev/ in their rows.
    name: 'web-dev',
    from: `${WEB}/**`,
    except: [...TEST_FILES, `${WEB}/{dev,widget,features,components,hooks,lib,config}/**`, `${WEB}/app/router.tsx`],
    target: `${WEB}/dev/**`,
    allow: [],
    message: 'apps/web/src/dev/ is development-only: only app/router.tsx imports it, behind import.meta.env.DEV.',
  },
  {
    name: 'server-module',
    from: `${SERVER}/modules/*/**`,
    except: TEST_FILES,
    target: `${SERVER}/modules/**`,
    allow: [
      `${SERVER}/modules/{1}/**`,
      // defineModule: each module declares itself with it (<module>.module.ts, decision 0021).
      `${SERVER}/modules/module.ts`,
      // The transactional outbox: a change partners hear about writes its event inside its own transaction (architecture.md, Events and jobs).
      `${SERVER}/modules/webhooks/outbox.ts`,
    ],
    typeImports: 'allow',
    message:
      "A server module reaches another module only through the services services.ts hands it (import the other service's type with `import type`); code both need belongs in src/lib/, src/db/ or @rampart/shared.",
  },
  {
    name: 'server-no-circle-through-services',
    from: `${SERVER}/modules/*/**`,
    except: [...TEST_FILES, `${SERVER}/modules/*/*.resolvers.ts`, `${SERVER}/modules/*/*.routes.ts`, `${SERVER}/modules/*/*.route.ts`],
    target: `${SERVER}/{services.ts,graphql/context.ts}`,
    allow: [],
    message:
      'services.ts builds every service from the modules, so a service, repository or helper importing it (or graphql/context.ts, which holds it) closes an import circle: only resolvers and routes import them; take what you need as a parameter or from graphql/grant.ts.',
  },
  {
    // Development conveniences (the identity provider, the mailbox, the SMS outbox) never run in production: only the
    // app's wiring loads them, behind its development check.
    name: 'server-dev',
    from: `${SERVER}/**`,
    except: [...TEST_FILES, `${SERVER}/dev/**`, `${SERVER}/{app,server}.ts`],
    target: `${SERVER}/dev/**`,
    allow: [],
    message:
      'src/dev/ is development-only: only app.ts and server.ts import it, behind the development check. What production code needs belongs in src/lib/ or src/config/.',
  },
  {
    name: 'test-code',
    from: '**',
    except: TEST_FILES,
    target: '{apps/*/test/**,apps/web/e2e/**,apps/web/src/testing/**}',
    allow: [],
    message: 'Only tests import test code (apps/*/test, apps/web/e2e, apps/web/src/testing).',
  },
];
