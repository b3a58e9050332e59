import { z } from 'zod';
import { MEMBERSHIP_ROLES } from './enums.ts';
import { emailSchema, newPasswordSchema } from './identity-schemas.ts';

export const INVITE_VALID_DAYS = 7;

export const membershipRoleSchema = z.enum(MEMBERSHIP_ROLES, { message: 'Choose a role: administrator, analyst, developer or support specialist' });

export const inviteMemberSchema = z.object({ email: emailSchema, role: membershipRoleSchema });

export const signupByInviteSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(201, 'At most 200 characters'),
  password: newPasswordSchema,
  inviteToken: z.string().min(20, 'This invitation link is not valid').max(200, 'This invitation link is not valid'),
});
