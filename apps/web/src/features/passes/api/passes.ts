import { graphql } from '@/gql';
import { WebhookDeleteMutation, WebhookTestMutation } from '@/lib/graphql/webhook-mutations';

// Every GraphQL document of the passes area (SDL: apps/server/src/modules/passes/schema.graphql).

export const PassProjectSummaryFragment = graphql(`
  fragment Passes_ProjectSummary on PassProject {
    id
    name
    description
    isTestMode
    passCount
    activePassCount
    createdAt
  }
`);

/** The project page's header and settings: the summary with where passes may be shown and the API's address. */
export const PassProjectDetailFragment = graphql(`
  fragment Passes_ProjectDetail on PassProject {
    id
    ...Passes_ProjectSummary
    allowedDomains
    apiBaseUrl
  }
`);

export const PassProjectsQuery = graphql(`
  query Passes_Projects($accountId: ID!) {
    passProjects(accountId: $accountId) {
      id
      ...Passes_ProjectSummary
    }
  }
`);

export const PassProjectHeaderQuery = graphql(`
  query Passes_ProjectHeader($id: ID!) {
    passProject(id: $id) {
      id
      ...Passes_ProjectDetail
    }
  }
`);

export const CreatePassProjectMutation = graphql(`
  mutation Passes_CreateProject($accountId: ID!, $input: PassProjectInput!) {
    createPassProject(accountId: $accountId, input: $input) {
      id
      ...Passes_ProjectSummary
    }
  }
`);

export const UpdatePassProjectMutation = graphql(`
  mutation Passes_UpdateProject($id: ID!, $input: PassProjectInput!) {
    updatePassProject(id: $id, input: $input) {
      id
      ...Passes_ProjectDetail
    }
  }
`);

export const DeletePassProjectMutation = graphql(`
  mutation Passes_DeleteProject($id: ID!) {
    deletePassProject(id: $id)
  }
`);

export const PassProjectOverviewQuery = graphql(`
  query Passes_Overview($id: ID!, $from: DateTime!, $to: DateTime!) {
    passProjectOverview(id: $id, from: $from, to: $to) {
      issued
      active
      addedToWallets
      scanned
      invalidated
      series {
        date
        issued
        added
        scanned
        invalidated
      }
    }
  }
`);

export const PassListItemFragment = graphql(`
  fragment Passes_ListItem on Pass {
    id
    holderAddress
    contractAddress
    tokenId
    status
    invalidatedReason
    serialNumber
    externalId
    scanCount
    addedToAppleWallet
    createdAt
    template {
      id
      name
    }
  }
`);

export const PassesQuery = graphql(`
  query Passes_List($projectId: ID!, $search: String, $status: PassStatus, $first: Int, $after: String) {
    passes(projectId: $projectId, search: $search, status: $status, first: $first, after: $after) {
      totalCount
      nextCursor
      items {
        id
        ...Passes_ListItem
      }
    }
  }
`);

export const PassFieldFragment = graphql(`
  fragment Passes_Field on PassField {
    key
    label
    value
  }
`);

export const PassFieldsFragment = graphql(`
  fragment Passes_Fields on PassFields {
    headerFields {
      ...Passes_Field
    }
    primaryFields {
      ...Passes_Field
    }
    secondaryFields {
      ...Passes_Field
    }
    auxiliaryFields {
      ...Passes_Field
    }
    backFields {
      ...Passes_Field
    }
  }
`);

export const PassTemplateContentFragment = graphql(`
  fragment Passes_TemplateContent on PassTemplateContent {
    name
    style
    organizationName
    description
    logoText
    colors {
      background
      foreground
      label
    }
    fields {
      ...Passes_Fields
    }
    barcodeFormat
  }
`);

export const PassTemplateFragment = graphql(`
  fragment Passes_Template on PassTemplate {
    id
    projectId
    ...Passes_TemplateContent
    logoImageUrl
    iconImageUrl
    stripImageUrl
    passCount
    createdAt
    updatedAt
  }
`);

export const PassEventFragment = graphql(`
  fragment Passes_Event on PassEvent {
    id
    type
    reason
    transactionHash
    toAddress
    valid
    refusal
    deviceLibraryIdentifier
    createdAt
  }
`);

export const PassDetailQuery = graphql(`
  query Passes_Pass($id: ID!) {
    pass(id: $id) {
      id
      projectId
      holderAddress
      networkCode
      chainId
      contractAddress
      tokenId
      status
      invalidatedReason
      invalidatedAt
      serialNumber
      barcodeMessage
      barcodeFormat
      externalId
      signedMessage
      addedToAppleWallet
      scanCount
      lastScannedAt
      appleWalletUrl
      googleWalletUrl
      createdAt
      updatedAt
      fields {
        ...Passes_Fields
      }
      template {
        id
        ...Passes_Template
      }
      policies {
        id
        name
        kind
      }
      events {
        id
        ...Passes_Event
      }
    }
  }
`);

export const InvalidatePassMutation = graphql(`
  mutation Passes_Invalidate($id: ID!) {
    invalidatePass(id: $id) {
      id
      status
      invalidatedReason
      invalidatedAt
      events {
        id
        ...Passes_Event
      }
    }
  }
`);

export const PassPolicyFragment = graphql(`
  fragment Passes_Policy on PassPolicy {
    id
    projectId
    name
    kind
    walletAddresses
    networkCode
    chainId
    contractAddress
    tokenIds
    passCount
    createdAt
    updatedAt
  }
`);

export const PassPoliciesQuery = graphql(`
  query Passes_Policies($id: ID!) {
    evmChain {
      networkCode
      chainId
      isLocal
    }
    passProject(id: $id) {
      id
      policies {
        id
        ...Passes_Policy
      }
    }
  }
`);

export const CreatePassPolicyMutation = graphql(`
  mutation Passes_CreatePolicy($projectId: ID!, $input: PassPolicyInput!) {
    createPassPolicy(projectId: $projectId, input: $input) {
      id
      ...Passes_Policy
    }
  }
`);

export const UpdatePassPolicyMutation = graphql(`
  mutation Passes_UpdatePolicy($id: ID!, $input: PassPolicyInput!) {
    updatePassPolicy(id: $id, input: $input) {
      id
      ...Passes_Policy
    }
  }
`);

export const DeletePassPolicyMutation = graphql(`
  mutation Passes_DeletePolicy($id: ID!) {
    deletePassPolicy(id: $id)
  }
`);

export const PassTemplatesQuery = graphql(`
  query Passes_Templates($id: ID!) {
    passProject(id: $id) {
      id
      name
      templates {
        id
        ...Passes_Template
      }
      defaultTemplate {
        ...Passes_TemplateContent
      }
    }
  }
`);

export const CreatePassTemplateMutation = graphql(`
  mutation Passes_CreateTemplate($projectId: ID!, $input: PassTemplateInput!) {
    createPassTemplate(projectId: $projectId, input: $input) {
      id
      ...Passes_Template
    }
  }
`);

export const UpdatePassTemplateMutation = graphql(`
  mutation Passes_UpdateTemplate($id: ID!, $input: PassTemplateInput!) {
    updatePassTemplate(id: $id, input: $input) {
      id
      ...Passes_Template
    }
  }
`);

export const SetPassTemplateImageMutation = graphql(`
  mutation Passes_SetTemplateImage($id: ID!, $slot: PassTemplateImageSlot!, $file: Upload) {
    setPassTemplateImage(id: $id, slot: $slot, file: $file) {
      id
      ...Passes_Template
    }
  }
`);

export const DeletePassTemplateMutation = graphql(`
  mutation Passes_DeleteTemplate($id: ID!) {
    deletePassTemplate(id: $id)
  }
`);

export const PassApiKeyFragment = graphql(`
  fragment Passes_ApiKey on PassProjectApiKey {
    id
    name
    keyPrefix
    lastUsedAt
    createdAt
    revokedAt
  }
`);

export const PassApiKeysQuery = graphql(`
  query Passes_ApiKeys($id: ID!) {
    passProject(id: $id) {
      id
      apiBaseUrl
      apiKeys {
        id
        ...Passes_ApiKey
      }
    }
  }
`);

export const CreatePassApiKeyMutation = graphql(`
  mutation Passes_CreateApiKey($projectId: ID!, $name: String!) {
    createPassProjectApiKey(projectId: $projectId, name: $name) {
      secret
      apiKey {
        id
        ...Passes_ApiKey
      }
    }
  }
`);

export const RevokePassApiKeyMutation = graphql(`
  mutation Passes_RevokeApiKey($id: ID!) {
    revokePassProjectApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);

export const PassWebhookFragment = graphql(`
  fragment Passes_Webhook on Webhook {
    id
    ...Webhooks_Endpoint
  }
`);

export const PassWebhooksQuery = graphql(`
  query Passes_Webhooks($id: ID!) {
    passProject(id: $id) {
      id
      isTestMode
      webhooks {
        id
        ...Passes_Webhook
      }
    }
  }
`);

export const CreatePassWebhookMutation = graphql(`
  mutation Passes_CreateWebhook($projectId: ID!, $url: String!, $events: [String!]!, $description: String) {
    createPassProjectWebhook(projectId: $projectId, url: $url, events: $events, description: $description) {
      id
      ...Passes_Webhook
    }
  }
`);

export const DeletePassWebhookMutation = WebhookDeleteMutation;
export const TestPassWebhookMutation = WebhookTestMutation;

export const PassWebhookDeliveriesQuery = graphql(`
  query Passes_WebhookDeliveries($id: ID!, $skip: Int, $take: Int) {
    webhookDeliveries(id: $id, skip: $skip, take: $take) {
      totalCount
      items {
        id
        eventType
        status
        attemptCount
        lastStatusCode
        createdAt
        deliveredAt
      }
    }
  }
`);

export const PassCredentialsFragment = graphql(`
  fragment Passes_Credentials on PassProjectCredentials {
    updatedAt
    apple {
      source
      passTypeIdentifier
      teamIdentifier
      certificateSubject
      certificateExpiresAt
    }
    google {
      source
      issuerId
      serviceAccountEmail
    }
  }
`);

export const PassSettingsQuery = graphql(`
  query Passes_Settings($id: ID!) {
    passProject(id: $id) {
      id
      name
      description
      allowedDomains
      apiBaseUrl
      isTestMode
      credentials {
        ...Passes_Credentials
      }
    }
  }
`);

export const UpdateAppleCredentialsMutation = graphql(`
  mutation Passes_UpdateAppleCredentials(
    $id: ID!
    $passTypeIdentifier: String!
    $teamIdentifier: String!
    $certificate: Upload!
    $certificatePassword: String
  ) {
    updatePassProjectAppleCredentials(
      id: $id
      passTypeIdentifier: $passTypeIdentifier
      teamIdentifier: $teamIdentifier
      certificate: $certificate
      certificatePassword: $certificatePassword
    ) {
      ...Passes_Credentials
    }
  }
`);

export const UpdateGoogleCredentialsMutation = graphql(`
  mutation Passes_UpdateGoogleCredentials($id: ID!, $issuerId: String!, $serviceAccountKey: Upload!) {
    updatePassProjectGoogleCredentials(id: $id, issuerId: $issuerId, serviceAccountKey: $serviceAccountKey) {
      ...Passes_Credentials
    }
  }
`);

export const ResetPassCredentialsMutation = graphql(`
  mutation Passes_ResetCredentials($id: ID!, $wallet: PassWallet!) {
    resetPassProjectCredentials(id: $id, wallet: $wallet) {
      ...Passes_Credentials
    }
  }
`);

/** What the test-pass dialog offers: the templates, and the NFT contracts the policies check. */
export const TestPassSetupQuery = graphql(`
  query Passes_TestPassSetup($id: ID!) {
    passProject(id: $id) {
      id
      isTestMode
      templates {
        id
        name
      }
      policies {
        id
        kind
        contractAddress
      }
    }
  }
`);

export const IssueTestPassMutation = graphql(`
  mutation Passes_IssueTestPass($projectId: ID!, $input: IssueTestPassInput!) {
    issueTestPass(projectId: $projectId, input: $input) {
      pass {
        id
        ...Passes_ListItem
      }
      appleWalletUrl
      googleWalletUrl
      qrCodeUrl
    }
  }
`);
