// rampart/boundaries: reports imports that cross a row of eslint/boundaries.js.
import path from 'node:path';

/** A glob (`**` any depth, `*` one name — captured, `{a,b}` alternatives) as an anchored regular expression. */
export function globToRegExp(glob) {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches zero or more folders; a trailing `**` matches the rest.
      if (glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '([^/]*)';
    else if (c === '{') {
      braces += 1;
      out += '(?:';
    } else if (c === '}') {
      braces -= 1;
      out += ')';
    } else if (c === ',' && braces > 0) out += '|';
    else out += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

const cache = new Map();
function matcher(glob) {
  let re = cache.get(glob);
  if (!re) cache.set(glob, (re = globToRegExp(glob)));
  return re;
}
const matchesAny = (file, globs) => (globs ?? []).some((g) => matcher(g).test(file));

/** Where an import specifier points, relative to the repository root; null for packages. */
export function resolveSpecifier(specifier, fromFile) {
  let target;
  if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(fromFile), specifier);
  else if (specifier.startsWith('@/') && fromFile.startsWith('apps/web/')) target = `apps/web/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('@rampart/shared/')) target = `packages/shared/src/${specifier.slice('@rampart/shared/'.length)}`;
  else return null;
  return path.posix.normalize(target);
}

/** The target as a file: `./x` and `./x.js` name `./x.ts` (or .tsx); a folder names its index. */
function asFile(target) {
  if (/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|css|graphql|svg|png)$/.test(target)) return target.replace(/\.(m|c)?js$/, '.$1ts');
  return `${target}.ts`;
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries of docs/architecture.md, as data in eslint/boundaries.js' },
    schema: [{ type: 'object', properties: { root: { type: 'string' }, boundaries: { type: 'array' } }, additionalProperties: false }],
    messages: { crossed: '{{name}}: {{message}} ({{target}})' },
  },
  create(context) {
    const { root = context.cwd, boundaries = [] } = context.options[0] ?? {};
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const rows = [];
    for (const row of boundaries) {
      const captured = matcher(row.from).exec(file);
      if (!captured || matchesAny(file, row.except)) continue;
      const allow = row.allow.map((g) => g.replace(/\{(\d+)\}/g, (_, n) => captured[Number(n)] ?? ''));
      rows.push({ ...row, allow });
    }
    if (rows.length === 0) return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, file);
      if (!target) return;
      const targetFile = asFile(target);
      for (const row of rows) {
        if (!matcher(row.target).test(targetFile) && !matcher(row.target).test(target)) continue;
        if (row.typeImports === 'allow' && isTypeOnly(node)) continue;
        if ([targetFile, target, `${target}/index.ts`].some((t) => matchesAny(t, row.allow))) continue;
        context.report({ node: source, messageId: 'crossed', data: { name: row.name, message: row.message, target } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};
