import { graphql } from '@/gql';
import { WebhookDeleteMutation, WebhookTestMutation } from '@/lib/graphql/webhook-mutations';

export const WebhookFragment = graphql(`
  fragment Developers_Webhook on Webhook {
    id
    ...Webhooks_Endpoint
  }
`);

export const WebhooksQuery = graphql(`
  query Developers_Webhooks($accountId: ID!, $liveMode: Boolean!) {
    webhooks(accountId: $accountId, liveMode: $liveMode) {
      id
      ...Developers_Webhook
    }
    webhookEventTypes
  }
`);

export const CreateWebhookMutation = graphql(`
  mutation Developers_CreateWebhook($accountId: ID!, $url: String!, $liveMode: Boolean!, $events: [String!]!, $description: String) {
    createWebhook(accountId: $accountId, url: $url, liveMode: $liveMode, events: $events, description: $description) {
      id
      ...Developers_Webhook
    }
  }
`);

export const UpdateWebhookMutation = graphql(`
  mutation Developers_UpdateWebhook($id: ID!, $url: String, $events: [String!], $description: String, $isEnabled: Boolean) {
    updateWebhook(id: $id, url: $url, events: $events, description: $description, isEnabled: $isEnabled) {
      id
      ...Developers_Webhook
    }
  }
`);

export const DeleteWebhookMutation = WebhookDeleteMutation;
export const TestWebhookMutation = WebhookTestMutation;

export const WebhookAttemptFragment = graphql(`
  fragment Developers_WebhookAttempt on WebhookAttempt {
    id
    attemptNumber
    attemptedAt
    statusCode
    latencyMs
    responseBody
    error
  }
`);

export const WebhookDeliveryFragment = graphql(`
  fragment Developers_WebhookDelivery on WebhookDelivery {
    id
    eventId
    eventType
    status
    attemptCount
    nextAttemptAt
    lastStatusCode
    createdAt
    deliveredAt
    payload
    attempts {
      id
      ...Developers_WebhookAttempt
    }
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query Developers_WebhookDeliveries($id: ID!, $eventType: String, $outcome: WebhookDeliveryOutcome, $skip: Int, $take: Int) {
    webhookDeliveries(id: $id, eventType: $eventType, outcome: $outcome, skip: $skip, take: $take) {
      totalCount
      items {
        id
        ...Developers_WebhookDelivery
      }
    }
  }
`);

export const ResendDeliveryMutation = graphql(`
  mutation Developers_ResendDelivery($id: ID!) {
    resendWebhookDelivery(id: $id) {
      id
      ...Developers_WebhookDelivery
    }
  }
`);
