/** The scopes Rampart asks the identity provider for (spec §1). */
export const SSO_SCOPES = ['openid', 'email', 'profile'] as const;

/**
 * The MyAccount scopes (spec §7 "Identity account-management"), requested beside SSO_SCOPES when
 * OIDC_ACCOUNT_MANAGEMENT is on, so SSO users manage what the provider owns from their profile.
 */
export const ACCOUNT_MANAGEMENT_SCOPES = [
  'okta.myAccount.profile.read',
  'okta.myAccount.profile.manage',
  'okta.myAccount.email.read',
  'okta.myAccount.email.manage',
  'okta.myAccount.phone.read',
  'okta.myAccount.phone.manage',
  'okta.myAccount.password.read',
  'okta.myAccount.password.manage',
  'okta.myAccount.sessions.manage',
] as const;

export interface IdentityClientConfig {
  issuer: string;
  scopes: string[];
}

/**
 * Spec §5: the issuer is required, a URL starting with http, and its host must not contain "-admin."
 * (an admin console is never the issuer); scopes must be an array. Returns one message per problem.
 */
export function identityClientConfigProblems(input: { issuer?: unknown; scopes?: unknown }): string[] {
  const problems: string[] = [];
  const { issuer, scopes } = input;
  if (issuer === undefined || issuer === null || issuer === '') {
    problems.push('The issuer is required.');
  } else if (typeof issuer !== 'string' || !/^http/.test(issuer)) {
    problems.push('The issuer must be a URL starting with http.');
  } else {
    const parsed = URL.parse(issuer);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      problems.push('The issuer must be a URL starting with http.');
    } else if (parsed.host.includes('-admin.')) {
      problems.push('The issuer host must not contain "-admin.": use the organization URL, not the admin console.');
    }
  }
  if (!Array.isArray(scopes)) problems.push('The scopes must be an array.');
  else if (!scopes.every((scope) => typeof scope === 'string' && scope.length > 0)) problems.push('Every scope must be a non-empty string.');
  return problems;
}

/** Validates the identity client configuration, throwing one error that lists every problem. */
export function parseIdentityClientConfig(input: { issuer?: unknown; scopes?: unknown }): IdentityClientConfig {
  const problems = identityClientConfigProblems(input);
  const { issuer, scopes } = input;
  if (problems.length > 0 || typeof issuer !== 'string' || !Array.isArray(scopes)) {
    throw new Error(`Invalid single sign-on configuration: ${problems.join(' ')}`);
  }
  return { issuer, scopes: scopes.map(String) };
}
