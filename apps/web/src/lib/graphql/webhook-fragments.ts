import { graphql } from '@/gql';

// A webhook endpoint as the developers' webhooks (features/developers) and a pass project's webhooks
// (features/passes) both show it: one Webhook type, selected once here, since features do not import each other.

export const WebhookEndpointFragment = graphql(`
  fragment Webhooks_Endpoint on Webhook {
    id
    url
    liveMode
    events
    signingSecret
    description
    isEnabled
    disabledReason
    failingSince
    recentFailureCount
    createdAt
  }
`);

export const WebhookTestResultFragment = graphql(`
  fragment Webhooks_TestResult on TestWebhookResult {
    responseStatusCode
    responseBody
    error
    latencyMs
  }
`);
