import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { noTestHooks } from './vite-no-test-hooks';
import { precompress } from './vite-precompress';

const apiTarget = 'http://localhost:3000';
const root = fileURLToPath(new URL('.', import.meta.url));
// WEB_DIST: the server reads the same variable (apps/server/src/lib/paths.ts).
const outDir = path.resolve(root, process.env.WEB_DIST ?? 'dist');
const gqlDirectory = path.join(root, 'src/gql');

/**
 * One module per GraphQL document. The codegen preset's Babel plugin turns each `graphql(`…`)` call into an import of
 * its document from src/gql/graphql.ts; that file holds every document, and Rollup keeps a module in one chunk, so
 * here each import names a module of its own document: a lazy screen's chunk then carries only its own documents.
 */
function graphqlDocumentPerModule(): Plugin {
  const prefix = '\0rampart-gql-document:';
  let documents: Map<string, string> | null = null;
  const readDocuments = () => {
    if (documents) return documents;
    documents = new Map();
    // codegen writes each document on one line: export const X = {…json…} as unknown as DocumentNode<…>;
    for (const line of fs.readFileSync(path.join(gqlDirectory, 'graphql.ts'), 'utf8').split('\n')) {
      const match = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/.exec(line);
      if (match) documents.set(match[1]!, match[2]!);
    }
    return documents;
  };
  return {
    name: 'rampart-graphql-document-per-module',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      documents = null;
      closures = null;
    },
    transform(code, id) {
      if (id.startsWith(gqlDirectory) || !id.startsWith(path.join(root, 'src'))) return null;
      const rewritten = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']([^"']*\/gql\/graphql)(?:\.ts)?["'];?/g, (statement, names: string) => {
        const known = readDocuments();
        const imported = names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        if (!imported.every((name) => known.has(name))) return statement;
        return imported.map((name) => `import { ${name} } from ${JSON.stringify(prefix + name)};`).join('\n');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId(id) {
      return id.startsWith(prefix) ? id : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const name = id.slice(prefix.length);
      const json = readDocuments().get(name);
      if (!json) throw new Error(`No GraphQL document ${name} in src/gql/graphql.ts: run npm run codegen`);
      return `export const ${name} = ${json};`;
    },
  };
}

/** The signed-in base (Apollo's provider and the shell) and the first screens a partner opens, by their modules. */
const SIGNED_IN_ROOTS = ['src/app/signed-in-data.tsx', 'src/app/shell/app-shell.tsx'].map((file) => path.join(root, file));
const FIRST_SCREENS: Record<string, string> = {
  dashboard: path.join(root, 'src/app/routes/dashboard.tsx'),
  transactions: path.join(root, 'src/app/routes/transactions/list.tsx'),
};

const LOGIN = path.join(root, 'src/app/routes/login.tsx');
// The other signed-out screens: what they share with the signed-in chunks stays out of those (a visitor signing up
// should not download the shell). Not the invitation's /register: it keeps Apollo's reactive variables.
const PUBLIC_SCREENS = [
  'app/routes/signup.tsx',
  'app/routes/signup-complete.tsx',
  'app/routes/reset-2fa.tsx',
  'app/routes/reset-password.tsx',
  'app/routes/reset.tsx',
  'app/routes/set-new-password.tsx',
  'app/routes/terms.tsx',
  'app/routes/commerce/sandbox-onboarding.tsx',
  'features/sso/routes/okta-callback.tsx',
  'features/sso/routes/okta-verification.tsx',
].map((file) => path.join(root, 'src', file));

type ModuleInfoOf = (id: string) => { importedIds: readonly string[]; isEntry: boolean } | null;

/** Every module `roots` import statically (what loads with them), lazy imports left out. */
function staticClosure(roots: readonly string[], info: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const module = info(id);
    if (!module) continue;
    seen.add(id);
    stack.push(...module.importedIds);
  }
  return seen;
}

let closures: { groups: Array<[string, Set<string>]> } | null = null;

/**
 * Chunks by when they are needed, so a page loads a handful of files rather than dozens of small shared ones (each
 * response costs its headers and a request; issue 40):
 *  - long-lived vendor chunks (React with the router, Apollo, graphql) that app deploys do not invalidate;
 *  - `app`: what the start-up script imports, and what the sign-in screen shares with the signed-in ones;
 *  - `login`: the rest of the sign-in screen (Rollup would otherwise merge it into some other small chunk);
 *  - `public`: what the other signed-out screens share with the signed-in ones;
 *  - `signed-in`: the rest of what the shell and the Apollo provider need (the sidebar's icons, the header's
 *    controls), and what both first screens use: one file for every signed-in screen;
 *  - `dashboard` and `transactions`: the rest of the two first screens, whatever other screens share it with them.
 * Other screens keep Rollup's own splitting. Every module a manual chunk imports has to be in a manual chunk itself:
 * Rollup would otherwise move it into the importing one, and the start-up script would then import that.
 * Apollo's error classes and graphql's printer also serve the public screens' small client (lib/public-graphql.ts),
 * so they stay apart from Apollo's core.
 */
function chunkOf(id: string, { getModuleInfo, getModuleIds }: { getModuleInfo: ModuleInfoOf; getModuleIds: () => IterableIterator<string> }) {
  if (/node_modules\/(react|react-dom|scheduler|react-router|tslib)\//.test(id)) return 'react';
  if (/node_modules\/@apollo\/client\/errors\//.test(id)) return 'apollo-errors';
  if (/node_modules\/graphql\//.test(id)) return 'graphql';
  if (/node_modules\/@apollo\/client\//.test(id) || /node_modules\/(rxjs|@wry|optimism|zen-observable)\//.test(id)) return 'apollo';
  if (!closures) {
    const closure = (roots: readonly string[]) => staticClosure(roots, getModuleInfo);
    const entries = [...getModuleIds()].filter((moduleId) => getModuleInfo(moduleId)?.isEntry);
    // The entry (index.html) and the module it loads (main.tsx) stay in the entry chunk; what they import goes to `app`.
    const entryModules = new Set(entries.flatMap((moduleId) => [moduleId, ...(getModuleInfo(moduleId)?.importedIds ?? [])]));
    const signedIn = closure(SIGNED_IN_ROOTS);
    const screens = Object.entries(FIRST_SCREENS).map(([name, file]) => [name, closure([file])] as [string, Set<string>]);
    const signedInAll = new Set([...signedIn, ...screens.flatMap(([, modules]) => [...modules])]);
    const login = closure([LOGIN]);
    const app = new Set([...closure(entries), ...[...login].filter((moduleId) => signedInAll.has(moduleId))]);
    for (const moduleId of entryModules) app.delete(moduleId);
    const publicShared = new Set([...closure(PUBLIC_SCREENS)].filter((moduleId) => signedInAll.has(moduleId)));
    // A module both first screens need goes with the signed-in base: one file fewer for each.
    const [first, second] = screens;
    if (first && second) for (const moduleId of first[1]) if (second[1].has(moduleId)) signedIn.add(moduleId);
    // The first group that holds a module takes it.
    closures = { groups: [['app', app], ['login', login], ['public', publicShared], ['signed-in', signedIn], ...screens] };
  }
  for (const [name, modules] of closures.groups) if (modules.has(id)) return name;
  return undefined;
}

export default defineConfig({
  plugins: [
    // gqlTagName and artifactDirectory as in codegen.ts ('apps/web/src/gql/', whose function is `graphql`).
    react({ babel: { plugins: [[babelOptimizerPlugin, { artifactDirectory: gqlDirectory, gqlTagName: 'graphql' }]] } }),
    graphqlDocumentPerModule(),
    tailwindcss(),
    noTestHooks(),
    // The widget build writes into outDir/widget afterwards and compresses its own files.
    precompress({ outDir, skip: path.join(outDir, 'widget') }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // Every script, style and preload tag of index.html carries this; the server puts a fresh nonce in its place per
  // response and allows only that nonce besides 'self' (apps/server/src/lib/static-assets.ts).
  html: { cspNonce: '__RAMPART_CSP_NONCE__' },
  server: {
    port: 5173,
    proxy: {
      '/graphql': apiTarget,
      '/dev': apiTarget,
      '/v1': apiTarget,
      '/oidc': apiTarget,
      '/docs': apiTarget,
    },
  },
  preview: { port: 4173 },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Fewer, larger chunks: each response costs its headers too.
        experimentalMinChunkSize: 8_000,
        manualChunks: chunkOf,
      },
    },
  },
});
