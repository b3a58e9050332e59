import { graphql } from '@/gql';

export const ProfileUserFragment = graphql(`
  fragment Profile_User on User {
    id
    name
    email
    pendingEmail
    preferredCurrencyCode
    isOtpEnabled
    isOtpEnforced
    recoveryCodesRemaining
    adminRole
  }
`);

export const ProfileMeQuery = graphql(`
  query Profile_Me {
    me {
      id
      ...Profile_User
    }
  }
`);

export const ProfileUpdateUserMutation = graphql(`
  mutation Profile_UpdateUser($email: String, $name: String, $currentPassword: String, $password: String, $preferredCurrencyCode: PreferredCurrency) {
    updateUser(email: $email, name: $name, currentPassword: $currentPassword, password: $password, preferredCurrencyCode: $preferredCurrencyCode) {
      id
      ...Profile_User
    }
  }
`);

export const ProfileActiveSessionsQuery = graphql(`
  query Profile_ActiveSessions {
    activeSessions {
      id
      createdAt
      lastSeenAt
      expiresAt
      ipAddress
      userAgent
      authMethod
      isCurrent
    }
  }
`);

export const ProfileRevokeSessionMutation = graphql(`
  mutation Profile_RevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);

export const ProfileRevokeOtherSessionsMutation = graphql(`
  mutation Profile_RevokeOtherSessions {
    revokeOtherSessions
  }
`);

export const ProfileDisableOtpMutation = graphql(`
  mutation Profile_DisableOtp($otpToken: String!) {
    disableOtp(otpToken: $otpToken) {
      id
      ...Profile_User
    }
  }
`);

export const ProfileRegenerateRecoveryCodesMutation = graphql(`
  mutation Profile_RegenerateRecoveryCodes($otpToken: String!) {
    regenerateRecoveryCodes(otpToken: $otpToken)
  }
`);
