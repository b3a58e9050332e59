import { graphql } from '@/gql';

/** What the user menu and the shell's 2FA rule need from the signed-in user. */
export const AuthCurrentUserFragment = graphql(`
  fragment Auth_CurrentUser on User {
    id
    name
    email
    isOtpEnabled
    isOtpEnforced
  }
`);
