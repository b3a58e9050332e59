import type { CodegenConfig } from '@graphql-codegen/cli';
import { moduleMappers, type MapperFile } from './apps/server/src/modules/module-mappers.ts';

// The codegen CLI loads this file with jiti, whose `require` reads TypeScript (the mapper files).
declare const require: (file: string) => unknown;

// One config, one SDL: server resolver types and the web's typed documents come from the same files.
const schema = ['apps/server/src/graphql/base.graphql', 'apps/server/src/modules/*/schema.graphql'];

const config: CodegenConfig = {
  schema,
  ignoreNoDocuments: true,
  generates: {
    'apps/server/src/generated/graphql.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../graphql/context.ts#GraphQLContext',
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { Decimal: 'string', DateTime: { input: 'string', output: 'Date | string' } },
        // Each server module's `<module>.mappers.ts`, the same object its declaration carries.
        mappers: moduleMappers('apps/server/src/modules', (file) => require(file) as MapperFile),
      },
    },
    'apps/web/src/gql/': {
      preset: 'client',
      documents: ['apps/web/src/**/*.{ts,tsx}', '!apps/web/src/gql/**/*'],
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { Decimal: 'string', DateTime: 'string' } },
    },
  },
};

export default config;
