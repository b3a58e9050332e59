import { config } from 'zod';

// zod compiles object parsers with `new Function` after probing, when a schema is built, whether eval is allowed.
// The CSP has no 'unsafe-eval', so the probe would be reported as a violation; the interpreted parser is fast enough
// for forms. Imported first by main.tsx: it must run before any module builds a schema.
config({ jitless: true });
