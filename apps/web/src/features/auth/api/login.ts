import { graphql } from '@/gql';

export const LoginMutation = graphql(`
  mutation Auth_Login($email: String!, $password: String!, $otpToken: String, $recoveryCode: String) {
    login(email: $email, password: $password, otpToken: $otpToken, recoveryCode: $recoveryCode) {
      preAuthenticated
      recoveryCodesRemaining
      csrfToken
      expiryDate
      user {
        id
        ...Auth_CurrentUser
      }
    }
  }
`);

export const LogoutMutation = graphql(`
  mutation Auth_Logout {
    logout
  }
`);
