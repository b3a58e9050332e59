// GraphQL type → the TypeScript type its resolvers receive, from this folder. Pure data: codegen.ts loads this file
// without the module's code, and the module's declaration carries the same object.
export const mappers: Readonly<Record<string, string>> = {
  PassProject: './passes.repository.ts#PassProjectRow',
  PassPolicy: './passes.repository.ts#PassPolicyRow',
  PassTemplate: './passes.repository.ts#PassTemplateRow',
  Pass: './passes.repository.ts#PassRow',
  PassProjectApiKey: './passes.repository.ts#PassProjectApiKeyRow',
};
