import { graphql } from '@/gql';

export const BillingProductFieldsFragment = graphql(`
  fragment Billing_Product on StripeProduct {
    priceId
    lookupKey
    plan
    productName
    description
    features
    currency
    usdPrice
    recurring {
      interval
      intervalCount
    }
  }
`);

export const BillingInvoiceFieldsFragment = graphql(`
  fragment Billing_Invoice on Invoice {
    id
    number
    status
    plan
    priceLookupKey
    amountDue
    amountPaid
    currency
    periodStart
    periodEnd
    createdAt
    paidAt
    url
  }
`);

export const BillingFieldsFragment = graphql(`
  fragment Billing_Billing on Billing {
    organizationId
    organizationName
    provider
    plan
    canManage
    subscription {
      plan
      priceLookupKey
      status
      currentPeriodStart
      currentPeriodEnd
      cancelAtPeriodEnd
      scheduledPriceLookupKey
      scheduledPlan
      pastDueSince
      dunningEndsAt
      paymentMethod {
        brand
        last4
        expMonth
        expYear
      }
    }
    invoices {
      ...Billing_Invoice
    }
  }
`);

export const BillingQuery = graphql(`
  query Billing_Overview($accountId: ID!) {
    billing(accountId: $accountId) {
      ...Billing_Billing
    }
    stripeProducts(accountId: $accountId) {
      ...Billing_Product
    }
  }
`);

export const CreateCheckoutMutation = graphql(`
  mutation Billing_CreateCheckout($accountId: ID!, $priceId: ID!, $returnPath: String) {
    createStripeSession(accountId: $accountId, priceId: $priceId, returnPath: $returnPath) {
      id
      url
    }
  }
`);

export const CreateBillingPortalMutation = graphql(`
  mutation Billing_CreatePortal($accountId: ID!, $returnPath: String) {
    createStripeBillingSession(accountId: $accountId, returnPath: $returnPath) {
      id
      url
    }
  }
`);

export const ChangePlanMutation = graphql(`
  mutation Billing_ChangePlan($accountId: ID!, $priceLookupKey: PriceLookupKey!) {
    changeSubscriptionPlan(accountId: $accountId, priceLookupKey: $priceLookupKey) {
      ...Billing_Billing
    }
  }
`);

export const CancelSubscriptionMutation = graphql(`
  mutation Billing_Cancel($accountId: ID!) {
    cancelSubscription(accountId: $accountId) {
      ...Billing_Billing
    }
  }
`);

export const ResumeSubscriptionMutation = graphql(`
  mutation Billing_Resume($accountId: ID!) {
    resumeSubscription(accountId: $accountId) {
      ...Billing_Billing
    }
  }
`);

export const SimulateRenewalMutation = graphql(`
  mutation Billing_SimulateRenewal($accountId: ID!, $outcome: SandboxRenewalOutcome!) {
    simulateSandboxRenewal(accountId: $accountId, outcome: $outcome) {
      ...Billing_Billing
    }
  }
`);

export const SandboxCheckoutQuery = graphql(`
  query Billing_SandboxCheckout($id: ID!) {
    sandboxCheckoutSession(id: $id) {
      id
      organizationName
      status
      expiresAt
      returnPath
      product {
        ...Billing_Product
      }
      testCards {
        number
        label
      }
    }
  }
`);

export const CompleteSandboxCheckoutMutation = graphql(`
  mutation Billing_CompleteSandboxCheckout($sessionId: ID!, $card: SandboxCardInput!) {
    completeSandboxCheckout(sessionId: $sessionId, card: $card) {
      id
      url
    }
  }
`);

export const SandboxPortalQuery = graphql(`
  query Billing_SandboxPortal($id: ID!) {
    sandboxPortalSession(id: $id) {
      id
      accountId
      returnPath
      billing {
        ...Billing_Billing
      }
    }
  }
`);

export const PortalProductsQuery = graphql(`
  query Billing_PortalProducts($accountId: ID!) {
    stripeProducts(accountId: $accountId) {
      ...Billing_Product
    }
  }
`);

export const InvoiceQuery = graphql(`
  query Billing_InvoicePage($accountId: ID!, $id: ID!) {
    invoice(accountId: $accountId, id: $id) {
      ...Billing_Invoice
    }
    billing(accountId: $accountId) {
      organizationId
      organizationName
      provider
    }
  }
`);

/** What the shell's failed-payment banner needs from the selected account (spread by the shell's account query). */
export const BillingBannerAccountFragment = graphql(`
  fragment Billing_BannerAccount on Account {
    id
    organization {
      id
      subscriptionPlanType
      billingPastDueUntil
    }
  }
`);

/** The shell's query of the selected account: refetched after a plan change so the support chat and banner follow. */
export const SHELL_ACCOUNT_QUERY_NAME = 'Shell_SelectedAccount';

/** Without billing:read (analysts, developers): the plan only, to mark it among the plans. */
export const AccountPlanQuery = graphql(`
  query Billing_AccountPlan($accountId: ID!) {
    account(id: $accountId) {
      id
      organization {
        id
        subscriptionPlanType
      }
    }
  }
`);
