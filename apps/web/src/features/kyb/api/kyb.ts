import { graphql } from '@/gql';

// The partner's business verification: the application with its parts, the steps and where the review stands.

/** Queries to refetch after a change: the steps' states and the application with its review status. */
export const KYB_REFETCH = ['Kyb_Steps', 'Kyb_Screen', 'Kyb_QuestionnaireForm'];

// Kyb_Application and its parts: lib/graphql/kyb-fragments.ts (the staff review shows the same application).

export const KybReviewStatusFragment = graphql(`
  fragment Kyb_ReviewStatus on ReviewStatus {
    status
    level
    reason
    nextStep
    updatedAt
  }
`);

export const KybScreenQuery = graphql(`
  query Kyb_Screen($accountId: ID!) {
    account(id: $accountId) {
      id
      name
      organization {
        id
      }
    }
    kybApplication(accountId: $accountId) {
      id
      ...Kyb_Application
    }
    reviewStatus(accountId: $accountId) {
      ...Kyb_ReviewStatus
    }
  }
`);

export const KybStepsQuery = graphql(`
  query Kyb_Steps($organizationId: ID!) {
    getApplicantVerificationSteps(organizationId: $organizationId) {
      key
      title
      state
      message
    }
  }
`);

export const KybDocumentLinkQuery = graphql(`
  query Kyb_DocumentLink($id: ID!) {
    kybDocumentLink(id: $id) {
      url
      expiresAt
    }
  }
`);

export const InitiateKybMutation = graphql(`
  mutation Kyb_Initiate($accountId: ID!, $product: String) {
    initiateKyb(accountId: $accountId, product: $product) {
      id
      ...Kyb_Application
    }
  }
`);

export const SaveKybCompanyDetailsMutation = graphql(`
  mutation Kyb_SaveCompanyDetails($accountId: ID!, $input: KybCompanyDetailsInput!) {
    saveKybCompanyDetails(accountId: $accountId, input: $input) {
      id
      ...Kyb_Application
    }
  }
`);

export const SaveKybPeopleMutation = graphql(`
  mutation Kyb_SavePeople($accountId: ID!, $people: [KybPersonInput!]!) {
    saveKybPeople(accountId: $accountId, people: $people) {
      id
      ...Kyb_Application
    }
  }
`);

export const UploadKybDocumentMutation = graphql(`
  mutation Kyb_UploadDocument($accountId: ID!, $type: KybDocumentType!, $personId: ID, $file: Upload!) {
    uploadKybDocument(accountId: $accountId, type: $type, personId: $personId, file: $file) {
      id
      ...Kyb_Document
    }
  }
`);

export const DeleteKybDocumentMutation = graphql(`
  mutation Kyb_DeleteDocument($id: ID!) {
    deleteKybDocument(id: $id)
  }
`);

export const SaveKybQuestionnaireMutation = graphql(`
  mutation Kyb_SaveQuestionnaire($accountId: ID!, $answersJson: String!) {
    saveKybQuestionnaire(accountId: $accountId, answersJson: $answersJson) {
      ...Kyb_Questionnaire
    }
  }
`);

export const SubmitKybMutation = graphql(`
  mutation Kyb_Submit($accountId: ID!) {
    submitKyb(accountId: $accountId) {
      id
      ...Kyb_Application
    }
  }
`);

export const KybQuestionnaireQuery = graphql(`
  query Kyb_QuestionnaireForm($accountId: ID!) {
    kybByQuestionnaire(accountId: $accountId) {
      ...Kyb_Questionnaire
    }
  }
`);

/** With SumSub configured: a WebSDK token for the organization's applicant (created on the first call), asked again when one expires. */
export const GenerateSumSubTokenMutation = graphql(`
  mutation Kyb_GenerateSumSubToken($accountId: ID!) {
    generateSumSubSdkAccessToken(accountId: $accountId) {
      token
      baseUrl
    }
  }
`);
