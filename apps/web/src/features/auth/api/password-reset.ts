import { graphql } from '@/gql';

export const TriggerPasswordResetMutation = graphql(`
  mutation Auth_TriggerPasswordReset($email: String!) {
    triggerPasswordReset(email: $email)
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation Auth_ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password)
  }
`);
