import { graphql } from '@/gql';

export const OnboardingOptionsQuery = graphql(`
  query Onboarding_Options {
    getCountries {
      code
      name
    }
    businessIndustries
    productInterests
    expectedMonthlyVolumes
  }
`);

export const OnboardingAccountFragment = graphql(`
  fragment Onboarding_Account on Account {
    id
    name
    isVerified
    onboardingInfo {
      hasReadFaq
    }
    onboardingDetails {
      accountName
      legalName
      country
      industry
      websiteUrls
      productInterests
      expectedMonthlyVolume
      registrationNumber
      useCase
    }
  }
`);

/** The selected account, when the user comes back to /onboarding to complete its details. */
export const OnboardingAccountQuery = graphql(`
  query Onboarding_Account($accountId: ID!) {
    account(id: $accountId) {
      id
      ...Onboarding_Account
    }
  }
`);

export const OnboardingCreateMutation = graphql(`
  mutation Onboarding_Create($input: OnboardingInfoInput!) {
    createOnboardingInfo(input: $input) {
      id
      ...Onboarding_Account
    }
  }
`);

export const OnboardingUpdateMutation = graphql(`
  mutation Onboarding_Update($accountId: ID!, $input: OnboardingInfoInput!) {
    updateOnboardingInfo(accountId: $accountId, input: $input) {
      id
      ...Onboarding_Account
    }
  }
`);

export const OnboardingMarkFaqAsReadMutation = graphql(`
  mutation Onboarding_MarkFaqAsRead($accountId: ID!) {
    markFaqAsRead(accountId: $accountId) {
      id
      onboardingInfo {
        hasReadFaq
      }
    }
  }
`);
