// GraphQL type → the TypeScript type its resolvers receive, from this folder. Pure data: codegen.ts loads this file
// without the module's code, and the module's declaration carries the same object.
export const mappers: Readonly<Record<string, string>> = {
  AccountStatusChange: './admin-organizations.repository.ts#StatusChangeRow',
};
