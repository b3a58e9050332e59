import { graphql } from '@/gql';

export const TeamMemberFragment = graphql(`
  fragment Team_Member on Membership {
    id
    role
    hasAcceptedInvite
    joinedAt
    inviteExpiresAt
    user {
      id
      name
      email
      joinedAt
    }
  }
`);

export const TeamMembersQuery = graphql(`
  query Team_Members($accountId: ID!) {
    account(id: $accountId) {
      id
      name
      organization {
        id
        subscriptionPlanType
      }
      memberships {
        id
        ...Team_Member
      }
    }
  }
`);

export const TeamInviteMutation = graphql(`
  mutation Team_Invite($email: String!, $accountId: ID!, $role: MembershipRole!) {
    createMembership(email: $email, accountId: $accountId, role: $role) {
      id
      ...Team_Member
    }
  }
`);

export const TeamResendInvitationMutation = graphql(`
  mutation Team_ResendInvitation($id: ID!) {
    resendInvitationEmail(id: $id) {
      id
      ...Team_Member
    }
  }
`);

export const TeamUpdateRoleMutation = graphql(`
  mutation Team_UpdateRole($id: ID!, $role: MembershipRole!) {
    updateMembership(id: $id, role: $role) {
      id
      role
    }
  }
`);

export const TeamRemoveMutation = graphql(`
  mutation Team_Remove($id: ID!) {
    deleteMembership(id: $id)
  }
`);
