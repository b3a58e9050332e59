import { graphql } from '@/gql';

export const JobTitlesQuery = graphql(`
  query Auth_JobTitles {
    jobTitles
  }
`);

export const SignupMutation = graphql(`
  mutation Auth_Signup($firstName: String!, $lastName: String!, $jobTitle: String!, $email: String!, $password: String!, $referralLink: String) {
    signup(firstName: $firstName, lastName: $lastName, jobTitle: $jobTitle, email: $email, password: $password, referralLink: $referralLink) {
      email
    }
  }
`);

export const ConfirmSignupEmailMutation = graphql(`
  mutation Auth_ConfirmSignupEmail($email: String!, $confirmationCode: String!) {
    confirmSignupEmail(email: $email, confirmationCode: $confirmationCode) {
      csrfToken
      expiryDate
      user {
        id
        ...Auth_CurrentUser
      }
    }
  }
`);

export const ResendSignupEmailMutation = graphql(`
  mutation Auth_ResendSignupEmail($email: String!) {
    resendSignupEmail(email: $email)
  }
`);
