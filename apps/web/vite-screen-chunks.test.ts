import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { createScreenChunks } from './vite-screen-chunks';

const src = '/repo/apps/web/src';

/** A module graph as Rollup's getModuleInfo reports it: each module's static importers and importers by import(). */
function graph(modules: Record<string, { importers?: string[]; dynamicImporters?: string[]; imports?: string[]; isEntry?: boolean }>) {
  const getModuleInfo = (id: string) => {
    const module = modules[id];
    if (!module) return null;
    return {
      id,
      isEntry: module.isEntry ?? false,
      importers: module.importers ?? [],
      dynamicImporters: module.dynamicImporters ?? [],
      importedIds: module.imports ?? [],
    } as unknown as Rollup.ModuleInfo;
  };
  const meta = { getModuleInfo, getModuleIds: () => Object.keys(modules)[Symbol.iterator]() };
  const chunkOf = createScreenChunks();
  return (id: string) => chunkOf(id, meta);
}

describe('createScreenChunks', () => {
  const router = `${src}/app/router.tsx`;
  const organizationsRoute = `${src}/app/routes/admin-organizations.tsx`;
  const organizationsPage = `${src}/features/organizations/components/organizations-page.tsx`;
  const organizationsDocument = '\0rampart-gql-document:Organizations_ListDocument';
  const staffAccounts = `${src}/lib/staff-accounts.ts`;
  const shell = `${src}/app/shell/app-shell.tsx`;
  const termsRoute = `${src}/app/routes/terms.tsx`;
  const termsText = `${src}/features/auth/components/terms-text.tsx`;
  const button = `${src}/components/ui/button.tsx`;
  const transactionsRoute = `${src}/app/routes/transactions/list.tsx`;
  const privateHelper = `${src}/lib/organization-rows.ts`;
  const cycleStart = `${src}/lib/cycle-start.ts`;
  const cycleEnd = `${src}/lib/cycle-end.ts`;
  const chunkOf = graph({
    [router]: { isEntry: true },
    [organizationsRoute]: { dynamicImporters: [router], imports: [organizationsPage] },
    [organizationsPage]: { importers: [organizationsRoute], imports: [organizationsDocument, staffAccounts, button, privateHelper, cycleStart] },
    [organizationsDocument]: { importers: [organizationsPage] },
    // Shared with the shell, which every signed-in screen loads.
    [staffAccounts]: { importers: [organizationsPage, shell] },
    [shell]: { dynamicImporters: [router], imports: [staffAccounts, button] },
    [termsRoute]: { dynamicImporters: [router], imports: [termsText, button] },
    [termsText]: { importers: [termsRoute] },
    [button]: { importers: [organizationsPage, shell, termsRoute] },
    [transactionsRoute]: { dynamicImporters: [router] },
    [privateHelper]: { importers: [organizationsPage] },
    [cycleStart]: { importers: [organizationsPage, cycleEnd] },
    [cycleEnd]: { importers: [cycleStart] },
  });

  it('puts a staff feature, its route and what only they import in the staff chunk of that feature', () => {
    expect(chunkOf(organizationsRoute)).toBe('staff-organizations');
    expect(chunkOf(organizationsPage)).toBe('staff-organizations');
    expect(chunkOf(organizationsDocument)).toBe('staff-organizations');
    expect(chunkOf(privateHelper)).toBe('staff-organizations');
  });

  it('puts a standalone screen and what only it imports in a chunk of its own', () => {
    expect(chunkOf(termsRoute)).toBe('screen-terms');
    expect(chunkOf(termsText)).toBe('screen-terms');
  });

  it('leaves to Rollup what partner screens share or load, and modules in an import cycle', () => {
    expect(chunkOf(staffAccounts)).toBeUndefined();
    expect(chunkOf(button)).toBeUndefined();
    expect(chunkOf(shell)).toBeUndefined();
    expect(chunkOf(transactionsRoute)).toBeUndefined();
    expect(chunkOf(router)).toBeUndefined();
    expect(chunkOf(cycleStart)).toBeUndefined();
    expect(chunkOf(cycleEnd)).toBeUndefined();
  });
});
