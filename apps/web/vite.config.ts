import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { print, type DocumentNode } from 'graphql';
import { defineConfig, type Plugin } from 'vite';
import { noTestHooks } from './vite-no-test-hooks';
import { precompress } from './vite-precompress';
import { createScreenChunks } from './vite-screen-chunks';

const apiTarget = 'http://localhost:3000';
const root = fileURLToPath(new URL('.', import.meta.url));
// WEB_DIST: the server reads the same variable (apps/server/src/lib/paths.ts).
const outDir = path.resolve(root, process.env.WEB_DIST ?? 'dist');
const gqlDirectory = path.join(root, 'src/gql');

/** The key of a document's printed text (lib/public-graphql.ts reads it). */
const PRINTED_KEY = '__printed';
/** The modules of the documents the public screens send through lib/public-graphql.ts. */
const PUBLIC_DOCUMENTS_MODULE =
  /\/src\/features\/(auth\/api\/(login|password-reset|signup|two-factor)|sso\/api\/sso|team\/api\/invite|commerce\/api\/commerce)\.ts$/;

/**
 * One module per GraphQL document. The codegen preset's Babel plugin turns each `graphql(`…`)` call into an import of
 * its document from src/gql/graphql.ts; that file holds every document, and Rollup keeps a module in one chunk, so
 * here each import names a module of its own document: a lazy screen's chunk then carries only its own documents.
 * The documents of the public screens also carry their printed text (PUBLIC_DOCUMENTS_MODULE).
 */
function graphqlDocumentPerModule(): Plugin {
  const prefix = '\0rampart-gql-document:';
  let documents: Map<string, string> | null = null;
  // Filled as those modules are transformed, which Rollup does before it loads the documents they import.
  const publicDocuments = new Set<string>();
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
        if (PUBLIC_DOCUMENTS_MODULE.test(id)) for (const name of imported) publicDocuments.add(name);
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
      if (!publicDocuments.has(name)) return `export const ${name} = ${json};`;
      // With its text printed here (graphql's print, as at run time): the public screens' client sends it and so never
      // downloads graphql's printer (lib/public-graphql.ts). An extra key: graphql and Apollo visit only a node's known keys.
      const text = print(JSON.parse(json) as DocumentNode);
      return `export const ${name} = ${json.replace(/\}$/, `,"${PRINTED_KEY}":${JSON.stringify(text)}}`)};`;
    },
  };
}

/**
 * index.html's favicon (public/favicon.svg, 256 bytes) inline as a data URL: as a request of its own it cost about
 * 1.3 KB of headers on every cold load (issue 40). The file stays for the API reference page.
 */
function inlineFavicon(): Plugin {
  const link = 'href="/favicon.svg"';
  return {
    name: 'rampart-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(link)) throw new Error(`index.html no longer links ${link}: update inlineFavicon in vite.config.ts`);
      const svg = fs.readFileSync(path.join(root, 'public/favicon.svg'), 'utf8').trim();
      return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}

const screenChunk = createScreenChunks();

export default defineConfig({
  plugins: [
    // gqlTagName and artifactDirectory as in codegen.ts ('apps/web/src/gql/', whose function is `graphql`).
    react({ babel: { plugins: [[babelOptimizerPlugin, { artifactDirectory: gqlDirectory, gqlTagName: 'graphql' }]] } }),
    graphqlDocumentPerModule(),
    tailwindcss(),
    noTestHooks(),
    inlineFavicon(),
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
        // Fewer, larger chunks: each response costs its headers too (about 0.45 KB here). Rollup merges a smaller chunk
        // without side effects into one loaded under similar conditions. With the named screen chunks below, 18 KB (of
        // uncompressed code) gave the smallest cold /login, /dashboard and /transactions of 12, 15, 18, 25 and 35 KB
        // (15 KB the same; issue 40, docs/performance.md).
        experimentalMinChunkSize: 18_000,
        // A named chunk holds only the modules manualChunks names, not their dependencies as well (vite-screen-chunks.ts).
        onlyExplicitManualChunks: true,
        // Long-lived vendor chunks so app deploys do not invalidate them. Apollo's core and cache are for signed-in
        // screens only; its error classes and graphql's printer also serve the public screens' small client
        // (lib/public-graphql.ts), and Radix is split per component, so Rollup places those where they are used.
        manualChunks(id, meta) {
          if (!id.includes('node_modules')) return screenChunk(id, meta);
          // Every icon in one chunk (about 8 KB compressed, cached by every screen). Apart, Rollup merged each shared icon
          // into some chunk that used it, and a screen then fetched that whole chunk (a dialog, a sheet) for one icon.
          if (/node_modules\/lucide-react\//.test(id)) return 'icons';
          // tslib too: Radix's scroll lock needs it on every page, and it would otherwise land in the Apollo chunk.
          if (/node_modules\/(react|react-dom|scheduler|react-router|tslib)\//.test(id)) return 'react';
          // Apart from Apollo's chunk: the public screens' small client uses them without Apollo.
          if (/node_modules\/@apollo\/client\/errors\//.test(id)) return 'apollo-errors';
          if (/node_modules\/graphql\//.test(id)) return 'graphql';
          if (/node_modules\/@apollo\/client\//.test(id) || /node_modules\/(rxjs|@wry|optimism|zen-observable)\//.test(id)) return 'apollo';
          return undefined;
        },
      },
    },
  },
});
