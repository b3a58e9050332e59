// Spec §5: the support chat is offered only when account id, user hash, e-mail, name and organization name are
// all present and the organization's plan is not Free.
import { hasSupportChat } from '@rampart/shared/billing';

export interface SupportIdentityInput {
  userId: string | null | undefined;
  accountId: string | null | undefined;
  userHash: string | null | undefined;
  email: string | null | undefined;
  name: string | null | undefined;
  organizationName: string | null | undefined;
  plan: string | null | undefined;
}

export interface SupportIdentity {
  userId: string;
  accountId: string;
  userHash: string;
  email: string;
  name: string;
  organizationName: string;
  plan: string;
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function supportIdentity(input: SupportIdentityInput): SupportIdentity | null {
  const { userId, accountId, userHash, email, name, organizationName, plan } = input;
  if (!present(userId) || !present(accountId) || !present(userHash) || !present(email) || !present(name) || !present(organizationName)) return null;
  if (!present(plan) || !hasSupportChat(plan)) return null;
  return { userId, accountId, userHash, email, name, organizationName, plan };
}

/** The contact the support-contact mutation records, known as soon as these four are (the user hash is not needed). */
export function supportContactKey(input: Pick<SupportIdentityInput, 'accountId' | 'email' | 'name' | 'organizationName'>): string | null {
  const { accountId, email, name, organizationName } = input;
  if (!present(accountId) || !present(email) || !present(name) || !present(organizationName)) return null;
  return JSON.stringify([accountId, email, name, organizationName]);
}
