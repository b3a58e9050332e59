import type { MembershipRole } from '@rampart/shared/enums';

/** One audit record as the authorization wrapper (and the CSV export) hands it over: who, on which account, what. */
export interface AuditInput {
  /** The signed-in user; null for public operations such as login. */
  actor: { id: string; email: string; adminRole: string | null } | null;
  /** How the actor reached the account acted on; null for operations not scoped to an account. */
  access: { accountId: string; via: 'membership' | 'staff'; role: MembershipRole | null; adminRole: string | null } | null;
  /** Done by the operator's command line (`npm run admin`): no actor, no IP address, no request. */
  viaCommandLine?: boolean;
  ipAddress: string | null;
  requestId: string | null;
  operation: string;
  kind: 'mutation' | 'view';
  outcome: 'success' | 'failure';
  errorCode: string | null;
  args: Record<string, unknown>;
  /** A few facts of what a mutation returned (its type, mode, name, e-mail…), so the trail can say what was changed. */
  subject?: Record<string, unknown>;
}
