import { graphql } from '@/gql';

export const ConfirmEmailAddressMutation = graphql(`
  mutation Auth_ConfirmEmailAddress($confirmationCode: String!) {
    confirmEmailAddress(confirmationCode: $confirmationCode) {
      id
      email
      pendingEmail
      isEmailVerified
    }
  }
`);
