import { graphql } from '@/gql';

// Deleting and testing a webhook endpoint, the same for the developers' webhooks (features/developers) and a pass
// project's webhooks (features/passes): one Webhook type and one mutation each, written once here.

export const WebhookDeleteMutation = graphql(`
  mutation Webhooks_Delete($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

export const WebhookTestMutation = graphql(`
  mutation Webhooks_Test($id: ID!, $event: String!) {
    triggerTestWebhook(id: $id, event: $event) {
      ...Webhooks_TestResult
    }
  }
`);
