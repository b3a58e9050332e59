import type { Resolvers } from '../../generated/graphql.ts';

const notYet = () => {
  throw new Error('go-live: not built yet');
};

export const goLiveResolvers: Resolvers = {
  Query: {
    productStatus: notYet,
    testingInstructions: notYet,
    blockedCountryAndIndustryStatus: notYet,
    goLiveRequests: notYet,
    blockedCountriesAndIndustries: notYet,
  },
  Mutation: {
    submitTestingInstructions: notYet,
    requestGoLive: notYet,
    updateGoLiveReview: notYet,
    updateDomainReview: notYet,
    upsertBlockedListEntry: notYet,
    deleteBlockedListEntry: notYet,
  },
};
