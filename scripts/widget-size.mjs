// The widget's size budget (issue 12): its JavaScript, gzipped, stays under 120 KB. Run after `npm run build`;
// `--record` also writes the figures into docs/performance.md.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const assets = path.join(root, 'apps/web/dist/widget/assets');
if (!fs.existsSync(assets)) {
  console.error('No widget build: run `npm run build` first.');
  process.exit(1);
}
const files = fs.readdirSync(assets).filter((name) => name.endsWith('.js') || name.endsWith('.css'));
const sizes = files.map((name) => {
  const raw = fs.readFileSync(path.join(assets, name));
  return { name, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length };
});
const js = sizes.filter((file) => file.name.endsWith('.js')).reduce((sum, file) => sum + file.gzip, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const file of sizes) console.log(`${file.name}: ${kb(file.raw)} raw, ${kb(file.gzip)} gzip`);
console.log(`Widget JavaScript: ${kb(js)} gzip (budget ${kb(BUDGET_BYTES)})`);

if (process.argv.includes('--record')) {
  const doc = path.join(root, 'docs/performance.md');
  const START = '<!-- widget-size:start (written by node scripts/widget-size.mjs --record) -->';
  const END = '<!-- widget-size:end -->';
  const section = [
    START,
    `Measured ${new Date().toISOString().slice(0, 10)} on the production build (gzip level 9): widget JavaScript **${kb(js)}** against a budget of ${kb(BUDGET_BYTES)}; \`npm test\` fails when it goes over.`,
    '',
    '| File | Raw | Gzip |',
    '|---|---:|---:|',
    ...sizes.map((file) => `| ${file.name.replace(/-[A-Za-z0-9_-]{8}\./, '-<hash>.')} | ${kb(file.raw)} | ${kb(file.gzip)} |`),
    END,
  ].join('\n');
  const current = fs.readFileSync(doc, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n## Widget bundle size (issue 12)\n\nThe widget is its own entry (apps/web/vite.widget.config.ts): React and the steps, without the dashboard's Apollo, router or Radix.\n\n${section}\n`;
  fs.writeFileSync(doc, next);
}
if (js > BUDGET_BYTES) {
  console.error(`The widget's JavaScript is ${kb(js)} gzip, over its ${kb(BUDGET_BYTES)} budget.`);
  process.exit(1);
}
