import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modules } from './index.ts';
import { moduleMappers, type MapperFile } from './module-mappers.ts';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const folders = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the module list (modules/index.ts)', () => {
  it('declares every module folder once, under its folder name', () => {
    expect(modules.map((module) => module.name).sort()).toEqual(folders);
  });

  it("gives each module its folder's schema.graphql, the file codegen reads", () => {
    for (const module of modules) {
      const file = path.join(modulesDir, module.name, 'schema.graphql');
      expect(module.schema ? fileURLToPath(module.schema) : null, module.name).toBe(fs.existsSync(file) ? file : null);
    }
  });

  it("gives codegen the same mappers as the declarations carry (each module's <module>.mappers.ts)", async () => {
    const files = new Map<string, MapperFile>();
    for (const name of folders) {
      const file = path.join(modulesDir, name, `${name}.mappers.ts`);
      if (fs.existsSync(file)) files.set(file, (await import(file)) as MapperFile);
    }
    const fromFiles = moduleMappers(modulesDir, (file) => files.get(file)!);
    const fromList = Object.fromEntries(
      modules.flatMap((module) => Object.entries(module.mappers ?? {}).map(([type, target]) => [type, path.posix.join('../modules', module.name, target)])),
    );
    expect(fromFiles).toEqual(fromList);
    expect(Object.keys(fromFiles).length).toBeGreaterThan(25);
  });
});
