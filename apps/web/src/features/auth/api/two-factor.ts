import { graphql } from '@/gql';

export const InitializeOtpMutation = graphql(`
  mutation Auth_InitializeOtp {
    initializeOtp {
      secret
      qrCodeUrl
    }
  }
`);

export const RegisterOtpMutation = graphql(`
  mutation Auth_RegisterOtp($otpToken: String!) {
    registerOtp(otpToken: $otpToken) {
      user {
        id
        isOtpEnabled
        isOtpEnforced
        recoveryCodesRemaining
      }
      recoveryCodes
    }
  }
`);

export const RequestResetTwoFactorAuthMutation = graphql(`
  mutation Auth_RequestResetTwoFactorAuth($email: String!, $password: String!) {
    requestResetTwoFactorAuth(email: $email, password: $password)
  }
`);

export const ResetTwoFactorAuthMutation = graphql(`
  mutation Auth_ResetTwoFactorAuth($token: String!) {
    resetTwoFactorAuth(token: $token)
  }
`);
