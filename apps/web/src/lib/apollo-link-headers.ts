// Request headers of every GraphQL call, signed in (lib/apollo-links.ts) or public (lib/public-graphql.ts).
export const CSRF_HEADER = 'X-CSRF-TOKEN';
export const PREFLIGHT_HEADER = 'apollo-require-preflight';
