// `npm test -- cycles` (and `npm run lint`): no import circle in apps/server/src, apps/web/src or packages/*/src.
// dpdm reads the imports with TypeScript's parser (no type checking: seconds, where ESLint's import-x/no-cycle over the
// type-aware tree would add minutes) and resolves `@/…` and `@rampart/shared/…` through the tsconfig references.
// Type-only imports are left out (`transform`): TypeScript erases them, so they cannot change the order modules run in,
// and the generated resolver types import the mappers' types by design. The type circle that was a design problem
// (services.ts ↔ graphql/context.ts) is a boundary row, which counts type imports. Dynamic imports count: a lazily
// loaded module importing its loader back is still a circle.
import path from 'node:path';
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const started = Date.now();
const tree = await parseDependencyTree(['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'], {
  cwd: root,
  context: root,
  tsconfig: path.join(root, 'tsconfig.json'),
  transform: true,
});
const files = Object.keys(tree).filter((file) => !file.includes('node_modules')).length;
// A local import dpdm could not resolve would hide its edge: that fails too.
const unresolved = Object.entries(tree).flatMap(([issuer, dependencies]) =>
  (dependencies ?? []).filter((d) => d.id === null && /^(\.|@\/|@rampart\/)/.test(d.request)).map((d) => `${issuer} → ${d.request}`),
);
const circulars = parseCircular(tree);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (unresolved.length) console.error(`Imports that could not be resolved:\n  ${unresolved.join('\n  ')}`);
if (circulars.length) {
  console.error(`Import circles (${circulars.length}; each is a chain of imports leading back to its first file):\n${prettyCircular(circulars)}`);
  console.error('Move what both files need into a third file that imports neither (docs/decisions/0019-lint-and-format.md).');
}
if (unresolved.length || circulars.length) process.exit(1);
console.log(`No import circle among ${files} files (${seconds} s).`);
