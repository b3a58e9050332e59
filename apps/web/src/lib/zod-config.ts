// zod compiles object parsers with `new Function` after probing, when a schema is built, whether eval is allowed.
// The CSP has no 'unsafe-eval', so the probe would be reported as a violation; the interpreted parser is fast enough
// for forms. Imported first by main.tsx: it must run before any module builds a schema.
// zod 4 keeps its global configuration on `globalThis.__zod_globalConfig` (core.js creates it only when absent), so
// setting it here keeps zod itself out of the start-up bundle; csp.spec.ts would see the probe if that changed.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });

export {};
