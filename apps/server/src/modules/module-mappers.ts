// Codegen's mappers (GraphQL type → the TypeScript type its resolvers receive), from each module's `<m>.mappers.ts`.
// codegen.ts calls this: the codegen CLI loads its config with jiti, which cannot run the module list's code, so the
// mappers are pure-data files read by folder; modules.test.ts checks that they are the list's own.
import fs from 'node:fs';
import path from 'node:path';

export type MapperFile = { mappers: Readonly<Record<string, string>> };

/** Every module folder's mappers, as paths from the generated file (`src/generated/graphql.ts`). */
export function moduleMappers(modulesDir: string, load: (file: string) => MapperFile): Record<string, string> {
  const mappers: Record<string, string> = {};
  for (const name of fs.readdirSync(modulesDir).sort()) {
    const file = path.resolve(modulesDir, name, `${name}.mappers.ts`);
    if (!fs.existsSync(file)) continue;
    for (const [type, target] of Object.entries(load(file).mappers)) {
      if (type in mappers) throw new Error(`The GraphQL type ${type} has mappers in two modules (${name} and another)`);
      mappers[type] = path.posix.join('../modules', name, target);
    }
  }
  return mappers;
}
