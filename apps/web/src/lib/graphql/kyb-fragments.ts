import { graphql } from '@/gql';

// A KYB application as the partner's verification screens (features/kyb) and the staff review (features/kyb-review)
// both show it: selected once here, since features do not import each other.

export const KybApplicationFragment = graphql(`
  fragment Kyb_Application on KybApplication {
    id
    organizationId
    organizationName
    level
    status
    reason
    provider
    submittedAt
    updatedAt
    companyDetails {
      ...Kyb_CompanyDetails
    }
    companyDetailsFromOnboarding {
      legalName
      registrationNumber
      country
      industry
      website
    }
    people {
      id
      ...Kyb_Person
    }
    documents {
      id
      ...Kyb_Document
    }
    questionnaire {
      ...Kyb_Questionnaire
    }
  }
`);

export const KybCompanyDetailsFragment = graphql(`
  fragment Kyb_CompanyDetails on KybCompanyDetails {
    legalName
    registrationNumber
    country
    incorporationDate
    registeredAddress
    industry
    website
  }
`);

export const KybPersonFragment = graphql(`
  fragment Kyb_Person on KybPerson {
    id
    role
    fullName
    dateOfBirth
    nationality
    countryOfResidence
    ownershipPercentage
  }
`);

export const KybDocumentFragment = graphql(`
  fragment Kyb_Document on KybDocument {
    id
    type
    personId
    fileName
    contentType
    sizeBytes
    uploadedAt
  }
`);

export const KybQuestionnaireFragment = graphql(`
  fragment Kyb_Questionnaire on KybQuestionnaire {
    version
    questions {
      key
      label
      help
      type
      required
      options
    }
    answersJson
    submittedAt
  }
`);
