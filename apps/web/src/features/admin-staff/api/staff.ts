import { graphql } from '@/gql';

export const StaffMemberFragment = graphql(`
  fragment AdminStaff_Member on StaffMember {
    id
    email
    name
    role
    formerRole
    status
    isTwoFactorEnabled
    hasPassword
    invitationExpiresAt
    lastSignInAt
    activeSessions
    deactivatedAt
  }
`);

export const StaffMembersQuery = graphql(`
  query AdminStaff_Members {
    staffMembers {
      ...AdminStaff_Member
    }
  }
`);

export const InviteStaffMemberMutation = graphql(`
  mutation AdminStaff_Invite($email: String!, $role: String!, $name: String) {
    inviteStaffMember(email: $email, role: $role, name: $name) {
      ...AdminStaff_Member
    }
  }
`);

export const ChangeStaffRoleMutation = graphql(`
  mutation AdminStaff_ChangeRole($userId: ID!, $role: String!) {
    changeStaffRole(userId: $userId, role: $role) {
      ...AdminStaff_Member
    }
  }
`);

export const DeactivateStaffMemberMutation = graphql(`
  mutation AdminStaff_Deactivate($userId: ID!) {
    deactivateStaffMember(userId: $userId) {
      ...AdminStaff_Member
    }
  }
`);
