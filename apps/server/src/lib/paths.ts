import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root, found from this file so the server runs from any working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const serverRoot = path.join(repoRoot, 'apps/server');
/** The built web app; WEB_DIST points elsewhere (parallel builds in development, a packaged build). */
export const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');
export const migrationsFolder = path.join(serverRoot, 'drizzle');

export function dataDir(configured?: string): string {
  return configured ? path.resolve(configured) : path.join(repoRoot, '.data');
}
