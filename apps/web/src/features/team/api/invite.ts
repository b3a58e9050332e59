import { graphql } from '@/gql';

export const TeamMembershipInviteQuery = graphql(`
  query Team_MembershipInvite($inviteToken: String!) {
    membershipInvite(inviteToken: $inviteToken) {
      email
      role
      accountName
      organizationName
      invitedBy
      expiresAt
      isExistingUser
    }
  }
`);

export const TeamSignupByInviteMutation = graphql(`
  mutation Team_SignupByInvite($name: String!, $password: String!, $inviteToken: String!) {
    signupByInvite(name: $name, password: $password, inviteToken: $inviteToken) {
      csrfToken
      expiryDate
      user {
        id
        memberships {
          id
          account {
            id
            isVerified
          }
        }
      }
    }
  }
`);

export const TeamAcceptInviteMutation = graphql(`
  mutation Team_AcceptInvite($inviteToken: String!) {
    acceptInvite(inviteToken: $inviteToken) {
      id
      role
      account {
        id
        name
        isVerified
      }
    }
  }
`);
