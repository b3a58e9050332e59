// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, type Changes, splitWords, capitalize, text, subject } from '../../lib/audit-words.ts';

const ROLE: Record<string, string> = { administrator: 'Administrator', analyst: 'Analyst', developer: 'Developer', support_specialist: 'Support specialist' };

function member(changes: Changes): string {
  return text(subject(changes, 'email')) ?? text(changes.email) ?? 'a team member';
}

function role(value: unknown): string {
  const key = text(value);
  return key ? (ROLE[key] ?? capitalize(splitWords(key))) : 'a new role';
}

export const teamAuditSentences: AuditSentences = {
  createMembership: (c) => `Invited ${text(c.email) ?? 'someone'} as ${role(c.role)}`,
  resendInvitationEmail: (c) => `Sent the invitation to ${member(c)} again`,
  updateMembership: (c) => `Changed the role of ${member(c)} to ${role(c.role)}`,
  deleteMembership: (c) => `Removed ${text(subject(c, 'email')) ?? 'a member'} from the team`,
  signupByInvite: () => 'Joined the team from an invitation',
  acceptInvite: () => 'Accepted an invitation',
};
