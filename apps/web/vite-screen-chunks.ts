import type { Rollup } from 'vite';

/** Features only the provider's staff open (their screens are under /admin); each is imported only by its routes. */
const STAFF_FEATURE = /\/src\/features\/(admin-[a-z-]+|kyb-review|organizations)\//;
const STAFF_ROUTE = /\/src\/app\/routes\/admin-[a-z-]+\.tsx$/;
/** Screens reached from an e-mail, a one-off flow or the sandboxes, never on the way to the signed-in screens. */
const STANDALONE_ROUTE =
  /\/src\/app\/routes\/(signup|signup-complete|register|confirm-email|reset|reset-password|set-new-password|reset-2fa|setup-2fa|terms|billing-sandbox-checkout|billing-sandbox-portal|billing-invoice|commerce\/sandbox-onboarding)\.tsx$/;

/**
 * Named chunks for the screens partners do not pass through: `staff-<feature>` for each staff feature (its modules and
 * its routes), `screen-<route>` for each standalone screen, each with every module imported only from it (its GraphQL
 * documents, its private components).
 *
 * Why: Rollup merges every chunk under `experimentalMinChunkSize` into the chunk that adds the least unused code,
 * counting each lazy route alike, so staff and standalone screens landed in chunks the shell and the partner screens
 * load (the organizations list and the sandbox Helio onboarding came with /transactions, the terms page with every
 * page). A named chunk is never merged, and with `onlyExplicitManualChunks` it holds only what this returns: the
 * shared components such a screen uses stay where Rollup puts them (issue 40, docs/performance.md).
 */
export function createScreenChunks() {
  const chunkById = new Map<string, string | null>();
  const chunkOf = (id: string, meta: Rollup.ManualChunkMeta, visiting: Set<string>): string | null => {
    const known = chunkById.get(id);
    if (known !== undefined) return known;
    // An import cycle: the module is not one screen's private part (null keeps it where Rollup puts it).
    if (visiting.has(id)) return null;
    visiting.add(id);
    const chunk = decide(id, meta, visiting);
    visiting.delete(id);
    chunkById.set(id, chunk);
    return chunk;
  };
  const decide = (id: string, meta: Rollup.ManualChunkMeta, visiting: Set<string>): string | null => {
    const feature = STAFF_FEATURE.exec(id)?.[1];
    if (feature) return `staff-${feature}`;
    const standalone = STANDALONE_ROUTE.exec(id)?.[1];
    if (standalone) return `screen-${standalone.replace('/', '-')}`;
    const info = meta.getModuleInfo(id);
    if (!info || id.includes('/node_modules/')) return null;
    if (STAFF_ROUTE.test(id)) {
      const features = new Set(info.importedIds.map((imported) => STAFF_FEATURE.exec(imported)?.[1]).filter(Boolean));
      return features.size === 1 ? `staff-${[...features][0]}` : null;
    }
    // Loaded on its own (a lazy import), the entry, or imported from nowhere: no one screen's private part.
    if (info.isEntry || info.dynamicImporters.length > 0 || info.importers.length === 0) return null;
    const chunks = new Set(info.importers.map((importer) => chunkOf(importer, meta, visiting)));
    return chunks.size === 1 ? ([...chunks][0] ?? null) : null;
  };
  return (id: string, meta: Rollup.ManualChunkMeta): string | undefined => chunkOf(id, meta, new Set()) ?? undefined;
}
