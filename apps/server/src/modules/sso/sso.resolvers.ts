import type { Resolvers } from '../../generated/graphql.ts';

// Filled by the SSO module: ssoConfiguration and loginWithOkta.
export const ssoResolvers: Resolvers = {};
