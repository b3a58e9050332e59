import { graphql } from '@/gql';

export const IntegrationFragment = graphql(`
  fragment Ramp_Integration on Integration {
    id
    type
    value
    createdAt
  }
`);

export const IntegrationsQuery = graphql(`
  query Ramp_Integrations($accountId: ID!) {
    integrations(accountId: $accountId) {
      id
      ...Ramp_Integration
    }
  }
`);

export const CreateIntegrationMutation = graphql(`
  mutation Ramp_CreateIntegration($accountId: ID!, $input: IntegrationInput!) {
    createIntegration(accountId: $accountId, input: $input) {
      id
      ...Ramp_Integration
    }
  }
`);

export const DeleteIntegrationMutation = graphql(`
  mutation Ramp_DeleteIntegration($id: ID!) {
    deleteIntegration(id: $id)
  }
`);

export const WidgetBaseUrlQuery = graphql(`
  query Ramp_WidgetBaseUrl($accountId: ID!, $type: IntegrationProduct!, $liveMode: Boolean!) {
    integrationUrl(accountId: $accountId, type: $type, liveMode: $liveMode)
    account(id: $accountId) {
      id
      allowedIframeAncestorUrls
      domainReviews {
        domain
        status
      }
      currencyAccountPairs {
        id
        ...Ramp_CurrencyPair
      }
    }
  }
`);

export const SignWidgetUrlMutation = graphql(`
  mutation Ramp_SignWidgetUrl($accountId: ID!, $liveMode: Boolean!, $url: String!) {
    generateSignedUrl(accountId: $accountId, liveMode: $liveMode, url: $url) {
      url
      signature
    }
  }
`);
