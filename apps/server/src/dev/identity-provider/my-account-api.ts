import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import { emailSchema, NAME_MAX_LENGTH, newPasswordSchema } from '@rampart/shared/identity-schemas';
import type { Mailer } from '../../mail/mailer.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/password-policy.ts';
import { hasControlCharacters, hasForbiddenCharacters } from '../../lib/text.ts';
import {
  CHALLENGE_MAX_ATTEMPTS,
  CHALLENGE_TTL_SECONDS,
  isUniqueViolation,
  type DevIdpChallenge,
  type DevIdpEmail,
  type DevIdpPhone,
  type DevIdpUser,
  type DevIdpUsers,
} from './dev-idp-users.ts';
import { ACCOUNT_MANAGEMENT_SCOPES } from '../../modules/sso/sso-config.ts';

// The development identity provider's MyAccount API (/idp/myaccount/*) and Sessions API (/api/v1/sessions/me),
// shaped as Okta documents them so okta-auth-js' account-management functions work against it (decision 0017).

type Middleware = Parameters<Provider['use']>[0];
type Context = Parameters<Middleware>[0];

/** The scopes of the MyAccount and Sessions APIs, granted to the Rampart client on its resource server: the ones Rampart asks for. */
export const MY_ACCOUNT_SCOPES = ACCOUNT_MANAGEMENT_SCOPES;

export const MISSING_ACCESS_TOKEN = 'AccessToken is required to request MyAccount API endpoints.';
const MAX_BODY_BYTES = 16 * 1024;
const PHONE_RESEND_SECONDS = 30;
const E164 = /^\+[1-9]\d{6,14}$/;
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, X-Okta-User-Agent-Extended';

export interface MyAccountApiDeps {
  issuer: string;
  resource: string;
  /** The provider's signing key (public part used) to verify the access tokens it issued. */
  signingKey: JWK;
  store: DevIdpUsers;
  mailer: Mailer;
  origins: string[];
  stepUpMaxAgeSeconds: number;
  provider: Provider;
  sessionTtlSeconds: number;
}

interface ErrorCause {
  errorSummary: string;
  reason?: string;
  location?: string;
}

/** An Okta error body ({errorCode, errorSummary, errorLink, errorId, errorCauses}) with its status and headers. */
export class OktaApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorSummary: string,
    readonly errorCauses: ErrorCause[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(errorSummary);
  }
}

const validationFailed = (causes: ErrorCause[], summary = `Api validation failed: ${causes.map((cause) => cause.location ?? 'request').join(', ')}`) =>
  new OktaApiError(400, 'E0000001', summary, causes);
const cause = (location: string, errorSummary: string): ErrorCause => ({ errorSummary: `${location}: ${errorSummary}`, reason: 'INVALID', location });
const notFound = (what: string) => new OktaApiError(404, 'E0000007', `Not found: Resource not found: ${what}`);

function bearerChallenge(error: string, description: string, extra = ''): string {
  return `Bearer realm="IdpMyAccountAPI", error="${error}", error_description="${description}"${extra}`;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new OktaApiError(413, 'E0000001', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OktaApiError(400, 'E0000003', 'The request body was not well-formed: it must be JSON.');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// The profile schema (GET /idp/myaccount/profile/schema): what PUT /profile accepts.
interface ProfileProperty {
  title: string;
  type: 'string';
  required?: boolean;
  minLength?: number;
  maxLength: number;
  format?: string;
  readOnly: boolean;
}

const PROFILE_PROPERTIES: Record<string, ProfileProperty> = {
  login: { title: 'Username', type: 'string', required: true, minLength: 5, maxLength: 254, readOnly: true },
  email: { title: 'Primary e-mail', type: 'string', required: true, format: 'email', minLength: 5, maxLength: 254, readOnly: true },
  firstName: { title: 'First name', type: 'string', required: true, minLength: 1, maxLength: NAME_MAX_LENGTH, readOnly: false },
  lastName: { title: 'Last name', type: 'string', required: true, minLength: 1, maxLength: NAME_MAX_LENGTH, readOnly: false },
  displayName: { title: 'Display name', type: 'string', maxLength: NAME_MAX_LENGTH, readOnly: false },
  title: { title: 'Title', type: 'string', maxLength: NAME_MAX_LENGTH, readOnly: false },
};

/** The name the provider shows and puts in ID tokens: the display name, else first and last name. */
export function displayNameOf(profile: Record<string, string | null>): string {
  const display = profile.displayName?.trim();
  return display || `${profile.firstName ?? ''} ${profile.lastName ?? ''}`.trim();
}

export function createMyAccountApi(deps: MyAccountApiDeps): Middleware {
  const { issuer, store, mailer, stepUpMaxAgeSeconds } = deps;
  const publicJwk: JWK = { kty: deps.signingKey.kty, n: deps.signingKey.n, e: deps.signingKey.e, kid: deps.signingKey.kid, alg: 'RS256', use: 'sig' };
  const keySet = createLocalJWKSet({ keys: [publicJwk] });
  const base = `${issuer}/idp/myaccount`;
  /** E-mails added with role PRIMARY that become primary once verified (kept while the process runs, like the provider's sessions). */
  const pendingPrimary = new Set<string>();

  // Representations

  const link = (href: string, allow?: string[]) => (allow ? { href, hints: { allow } } : { href });

  function profileBody(user: DevIdpUser) {
    return {
      createdAt: user.createdAt.toISOString(),
      modifiedAt: user.modifiedAt.toISOString(),
      profile: Object.fromEntries(Object.keys(PROFILE_PROPERTIES).map((key) => [key, user.profile[key] ?? null])),
      _links: { self: link(`${base}/profile`, ['GET', 'PUT']), describedBy: link(`${base}/profile/schema`, ['GET']) },
    };
  }

  function schemaBody() {
    return {
      _links: { self: link(`${base}/profile/schema`, ['GET']), user: link(`${base}/profile`, ['GET', 'PUT']) },
      properties: Object.fromEntries(
        Object.entries(PROFILE_PROPERTIES).map(([key, property]) => [
          key,
          {
            title: property.title,
            type: property.type,
            ...(property.required ? { required: true } : {}),
            ...(property.format ? { format: property.format } : {}),
            ...(property.minLength !== undefined ? { minLength: property.minLength } : {}),
            maxLength: property.maxLength,
            mutability: property.readOnly ? 'READ_ONLY' : 'READ_WRITE',
            permissions: [{ principal: 'SELF', action: property.readOnly ? 'READ_ONLY' : 'READ_WRITE' }],
          },
        ]),
      ),
    };
  }

  function challengeLinks(emailId: string, challengeId: string) {
    return {
      verify: link(`${base}/emails/${emailId}/challenge/${challengeId}/verify`, ['POST']),
      // Okta polls with GET; okta-auth-js' getEmailChallenge posts, so both are answered.
      poll: link(`${base}/emails/${emailId}/challenge/${challengeId}`, ['GET', 'POST']),
    };
  }

  function emailBody(email: DevIdpEmail, openChallenge?: DevIdpChallenge) {
    const self = `${base}/emails/${email.id}`;
    const unverified = email.status === 'UNVERIFIED';
    return {
      id: email.id,
      status: email.status,
      roles: [email.role],
      profile: { email: email.email },
      _links: {
        // The primary address cannot be removed, so DELETE is offered only for the others.
        self: link(self, email.role === 'PRIMARY' ? ['GET'] : ['GET', 'DELETE']),
        ...(unverified ? { challenge: link(`${self}/challenge`, ['POST']) } : {}),
        ...(unverified && openChallenge ? challengeLinks(email.id, openChallenge.id) : {}),
      },
    };
  }

  function challengeBody(email: DevIdpEmail, challenge: DevIdpChallenge) {
    return {
      id: challenge.id,
      status: challenge.verifiedAt ? 'VERIFIED' : 'VERIFY',
      expiresAt: challenge.expiresAt.toISOString(),
      profile: { email: email.email },
      _links: challengeLinks(email.id, challenge.id),
    };
  }

  function phoneBody(phone: DevIdpPhone) {
    const self = `${base}/phones/${phone.id}`;
    return {
      id: phone.id,
      status: phone.status,
      profile: { phoneNumber: phone.number },
      _links: {
        self: link(self, ['GET', 'DELETE']),
        ...(phone.status === 'UNVERIFIED' ? { challenge: link(`${self}/challenge`, ['POST']), verify: link(`${self}/verify`, ['POST']) } : {}),
      },
    };
  }

  function passwordBody(user: DevIdpUser) {
    const self = `${base}/password`;
    if (!user.passwordHash) {
      return {
        id: `pwd${user.id.replace(/-/g, '').slice(0, 17)}`,
        status: 'NOT_ENROLLED',
        _links: { self: link(self, ['GET']), enroll: link(self, ['POST']) },
      };
    }
    return {
      id: `pwd${user.id.replace(/-/g, '').slice(0, 17)}`,
      status: 'ACTIVE',
      created: (user.passwordCreatedAt ?? user.createdAt).toISOString(),
      lastUpdated: (user.passwordUpdatedAt ?? user.createdAt).toISOString(),
      // Removable: the login page also signs in with an e-mailed code (decision 0017).
      _links: { self: link(self, ['GET', 'PUT', 'DELETE']) },
    };
  }

  // Access tokens

  interface Caller {
    user: DevIdpUser;
    claims: JWTPayload & { scope?: string; auth_time?: number; sid?: string };
  }

  async function verifyAccessToken(ctx: Context, scopes: readonly string[] | null): Promise<Caller> {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      throw new OktaApiError(401, 'E0000011', MISSING_ACCESS_TOKEN, [], { 'WWW-Authenticate': 'Bearer realm="IdpMyAccountAPI"' });
    }
    const invalid = (why: string) =>
      new OktaApiError(401, 'E0000011', `Invalid token provided: ${why}`, [], {
        'WWW-Authenticate': bearerChallenge('invalid_token', why.replace(/[^\w .,:/-]/g, '')),
      });
    let claims: Caller['claims'];
    try {
      ({ payload: claims } = await jwtVerify(match[1]!, keySet, { issuer, audience: deps.resource, algorithms: ['RS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw invalid('The access token has expired.');
      throw invalid('The access token is not one this identity provider issued for the MyAccount API.');
    }
    if (!claims.sub) throw invalid('The access token has no subject.');
    const granted = new Set(typeof claims.scope === 'string' ? claims.scope.split(' ') : []);
    if (scopes && !scopes.some((scope) => granted.has(scope))) {
      throw new OktaApiError(
        403,
        'E0000006',
        `You do not have permission to perform the requested action: the access token lacks the ${scopes.join(' or ')} scope.`,
        [],
        {
          'WWW-Authenticate': bearerChallenge('insufficient_scope', `The access token must contain the ${scopes[0]} scope`, `, scope="${scopes[0]}"`),
        },
      );
    }
    const user = await store.provision(claims.sub);
    if (!user) throw invalid('The user of this access token no longer exists.');
    return { user, claims };
  }

  /** Sensitive changes need a recent sign-in; okta-auth-js reads max_age from this header and starts a step-up. */
  function requireRecentSignIn(caller: Caller) {
    const authTime = typeof caller.claims.auth_time === 'number' ? caller.claims.auth_time : 0;
    if (Date.now() / 1000 - authTime <= stepUpMaxAgeSeconds) return;
    throw new OktaApiError(
      403,
      'E0000006',
      'This change needs a more recent sign-in.',
      [{ errorSummary: `Sign in again: this change needs a sign-in within the last ${Math.round(stepUpMaxAgeSeconds / 60)} minutes.` }],
      {
        'WWW-Authenticate': bearerChallenge(
          'insufficient_authentication_context',
          'The resource request requires a more recent authentication',
          `, max_age=${stepUpMaxAgeSeconds}`,
        ),
      },
    );
  }

  // Body parts

  function profileOf(body: unknown): Record<string, unknown> {
    if (!isRecord(body) || !isRecord(body.profile)) throw validationFailed([cause('profile', 'The body must be an object with a "profile" object.')]);
    return body.profile;
  }

  async function checkedPassword(body: unknown): Promise<{ password: string; currentPassword?: string }> {
    const profile = profileOf(body);
    if (typeof profile.password !== 'string' || profile.password.length === 0) throw validationFailed([cause('password', 'Enter a password.')]);
    const length = newPasswordSchema.safeParse(profile.password);
    if (!length.success)
      throw validationFailed(
        [cause('password', `Password requirements were not met: ${length.error.issues[0]!.message}.`)],
        'Password requirements were not met',
      );
    if (isCommonPassword(profile.password)) {
      throw validationFailed(
        [cause('password', 'Password requirements were not met: this password is one of the most common passwords. Choose a less predictable one.')],
        'Password requirements were not met',
      );
    }
    const currentPassword = typeof profile.currentPassword === 'string' ? profile.currentPassword : undefined;
    return { password: profile.password, ...(currentPassword !== undefined ? { currentPassword } : {}) };
  }

  function verificationCode(body: unknown): string {
    const code = isRecord(body) ? body.verificationCode : undefined;
    if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) throw validationFailed([cause('verificationCode', 'Enter the 6-digit code.')]);
    return code.trim();
  }

  async function checkCode(challenge: DevIdpChallenge, code: string) {
    const outcome = await store.checkCode(challenge.id, code);
    if (outcome === 'verified' || outcome === 'already') return;
    if (outcome === 'expired')
      throw validationFailed([cause('verificationCode', 'This code has expired. Send a new code.')], 'The verification code has expired.');
    if (outcome === 'exhausted') {
      throw validationFailed(
        [cause('verificationCode', `Too many wrong codes (${CHALLENGE_MAX_ATTEMPTS}). Send a new code.`)],
        'Too many verification attempts.',
      );
    }
    throw validationFailed([cause('verificationCode', 'This code is not correct.')], 'The verification code is not correct.');
  }

  async function sendEmailCode(user: DevIdpUser, email: DevIdpEmail) {
    const { challenge, code } = await store.createChallenge(user.id, 'email', email.id);
    await mailer.send({
      to: email.email,
      subject: 'Confirm your e-mail address',
      text: `Your verification code is ${code}\n\nEnter it to add ${email.email} to your account at the Rampart development identity provider. It expires in ${CHALLENGE_TTL_SECONDS / 60} minutes.\n\nIf you did not ask for this, ignore this message.`,
    });
    return challenge;
  }

  async function sendSmsCode(user: DevIdpUser, phone: DevIdpPhone) {
    const { challenge, code } = await store.createChallenge(user.id, 'phone', phone.id);
    await store.sendSms(phone.number, `Your Rampart development identity provider code is ${code}. It expires in ${CHALLENGE_TTL_SECONDS / 60} minutes.`);
    return challenge;
  }

  // Routes: a path pattern and, per method, the scope it needs and its handler.

  type Handler = (ctx: Context, caller: Caller, params: string[]) => Promise<void>;
  interface Route {
    pattern: RegExp;
    methods: Record<string, { scope: string; handler: Handler }>;
  }
  const ID = '([\\w-]{1,64})';
  const json = (ctx: Context, status: number, body: unknown) => {
    ctx.status = status;
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(body);
  };
  const noContent = (ctx: Context) => {
    ctx.status = 204;
    ctx.body = null;
  };

  async function emailOr404(caller: Caller, id: string) {
    const email = await store.findEmail(caller.user.id, id);
    if (!email) throw notFound(`${id} (Email)`);
    return email;
  }
  async function phoneOr404(caller: Caller, id: string) {
    const phone = await store.findPhone(caller.user.id, id);
    if (!phone) throw notFound(`${id} (Phone)`);
    return phone;
  }
  async function openChallenge(userId: string, targetId: string) {
    const challenge = await store.latestChallenge(userId, targetId);
    return challenge && !challenge.verifiedAt && challenge.expiresAt.getTime() > Date.now() ? challenge : undefined;
  }

  const routes: Route[] = [
    {
      pattern: /^\/profile$/,
      methods: {
        GET: { scope: 'okta.myAccount.profile.read', handler: async (ctx, caller) => json(ctx, 200, profileBody(caller.user)) },
        PUT: {
          scope: 'okta.myAccount.profile.manage',
          handler: async (ctx, caller) => {
            const given = profileOf(await readJson(ctx.req));
            const causes: ErrorCause[] = [];
            const next: Record<string, string | null> = { ...caller.user.profile };
            for (const [key, value] of Object.entries(given)) {
              const property = PROFILE_PROPERTIES[key];
              if (!property) {
                causes.push(cause(key, `Property name '${key}' is not defined in the profile schema.`));
                continue;
              }
              const current = caller.user.profile[key] ?? null;
              if (property.readOnly) {
                if (value !== current)
                  causes.push(
                    cause(
                      key,
                      `${property.title} is read-only here${key === 'email' ? ': change it with the e-mail addresses (make another verified address primary)' : ''}.`,
                    ),
                  );
                continue;
              }
              if (value === null || (typeof value === 'string' && value.trim() === '')) {
                if (property.required) causes.push(cause(key, `${property.title} is required.`));
                else next[key] = null;
                continue;
              }
              if (typeof value !== 'string') {
                causes.push(cause(key, `${property.title} must be text.`));
                continue;
              }
              const text = value.trim();
              if (hasControlCharacters(text) || hasForbiddenCharacters(text))
                causes.push(cause(key, `${property.title} contains characters that are not allowed.`));
              else if (text.length > property.maxLength) causes.push(cause(key, `${property.title} has at most ${property.maxLength} characters.`));
              else if (property.minLength && text.length < property.minLength)
                causes.push(cause(key, `${property.title} has at least ${property.minLength} characters.`));
              else next[key] = text;
            }
            if (causes.length > 0) throw validationFailed(causes);
            json(ctx, 200, profileBody(await store.updateProfile(caller.user.id, next)));
          },
        },
      },
    },
    {
      pattern: /^\/profile\/schema$/,
      methods: { GET: { scope: 'okta.myAccount.profile.read', handler: async (ctx) => json(ctx, 200, schemaBody()) } },
    },
    {
      pattern: /^\/emails$/,
      methods: {
        GET: {
          scope: 'okta.myAccount.email.read',
          handler: async (ctx, caller) => {
            const emails = await store.listEmails(caller.user.id);
            json(ctx, 200, await Promise.all(emails.map(async (email) => emailBody(email, await openChallenge(caller.user.id, email.id)))));
          },
        },
        POST: {
          scope: 'okta.myAccount.email.manage',
          handler: async (ctx, caller) => {
            const body = await readJson(ctx.req);
            const profile = profileOf(body);
            const parsed = emailSchema.safeParse(profile.email ?? '');
            if (!parsed.success) throw validationFailed([cause('email', parsed.error.issues[0]!.message)]);
            const role = isRecord(body) ? body.role : undefined;
            if (role !== 'PRIMARY' && role !== 'SECONDARY') throw validationFailed([cause('role', 'Role must be PRIMARY or SECONDARY.')]);
            const sendEmail = !(isRecord(body) && body.sendEmail === false);
            const address = parsed.data;

            const existing = await store.findEmailByAddress(caller.user.id, address);
            if (existing) {
              if (existing.role === 'PRIMARY') throw validationFailed([cause('email', 'This is already your primary e-mail address.')]);
              if (role === 'PRIMARY' && existing.status === 'VERIFIED') {
                // "Make primary": a verified secondary posted again with role PRIMARY becomes primary at once.
                if (await store.isPrimaryOfAnother(caller.user.id, address))
                  throw validationFailed([cause('email', 'Another account at this identity provider signs in with this address.')]);
                await store.makePrimary(caller.user.id, existing.id);
                json(ctx, 200, emailBody({ ...existing, role: 'PRIMARY' }));
                return;
              }
              if (existing.status === 'VERIFIED') throw validationFailed([cause('email', 'This address is already on your account.')]);
              // An unverified address posted again: a new code, as if it were added now.
              if (role === 'PRIMARY') pendingPrimary.add(existing.id);
              const challenge = sendEmail ? await sendEmailCode(caller.user, existing) : undefined;
              json(ctx, 201, emailBody(existing, challenge));
              return;
            }
            if (await store.isPrimaryOfAnother(caller.user.id, address))
              throw validationFailed([cause('email', 'Another account at this identity provider signs in with this address.')]);
            let email: DevIdpEmail;
            try {
              email = await store.addEmail(caller.user.id, address);
            } catch (error) {
              if (isUniqueViolation(error)) throw validationFailed([cause('email', 'This address is already on your account.')]);
              throw error;
            }
            if (role === 'PRIMARY') pendingPrimary.add(email.id);
            const challenge = sendEmail ? await sendEmailCode(caller.user, email) : undefined;
            json(ctx, 201, emailBody(email, challenge));
          },
        },
      },
    },
    {
      pattern: new RegExp(`^/emails/${ID}$`),
      methods: {
        GET: {
          scope: 'okta.myAccount.email.read',
          handler: async (ctx, caller, [id]) => {
            const email = await emailOr404(caller, id!);
            json(ctx, 200, emailBody(email, await openChallenge(caller.user.id, email.id)));
          },
        },
        DELETE: {
          scope: 'okta.myAccount.email.manage',
          handler: async (ctx, caller, [id]) => {
            const email = await emailOr404(caller, id!);
            if (email.role === 'PRIMARY') {
              throw new OktaApiError(400, 'E0000001', 'The primary e-mail address cannot be removed. Make another verified address primary first.', [
                cause('email', 'The primary e-mail address cannot be removed.'),
              ]);
            }
            requireRecentSignIn(caller);
            pendingPrimary.delete(email.id);
            await store.deleteEmail(caller.user.id, email.id);
            noContent(ctx);
          },
        },
      },
    },
    {
      pattern: new RegExp(`^/emails/${ID}/challenge$`),
      methods: {
        POST: {
          scope: 'okta.myAccount.email.manage',
          handler: async (ctx, caller, [id]) => {
            const email = await emailOr404(caller, id!);
            if (email.status === 'VERIFIED') throw validationFailed([cause('email', 'This address is already verified.')]);
            const challenge = await sendEmailCode(caller.user, email);
            json(ctx, 201, challengeBody(email, challenge));
          },
        },
      },
    },
    {
      pattern: new RegExp(`^/emails/${ID}/challenge/${ID}$`),
      methods: Object.fromEntries(
        ['GET', 'POST'].map((method) => [
          method,
          {
            scope: 'okta.myAccount.email.read',
            handler: async (ctx: Context, caller: Caller, [id, challengeId]: string[]) => {
              const email = await emailOr404(caller, id!);
              const challenge = await store.findChallenge(caller.user.id, email.id, challengeId!);
              if (!challenge) throw notFound(`${challengeId} (Challenge)`);
              json(ctx, 200, challengeBody(email, challenge));
            },
          },
        ]),
      ),
    },
    {
      pattern: new RegExp(`^/emails/${ID}/challenge/${ID}/verify$`),
      methods: {
        POST: {
          scope: 'okta.myAccount.email.manage',
          handler: async (ctx, caller, [id, challengeId]) => {
            const email = await emailOr404(caller, id!);
            const code = verificationCode(await readJson(ctx.req));
            const challenge = await store.findChallenge(caller.user.id, email.id, challengeId!);
            if (!challenge) throw notFound(`${challengeId} (Challenge)`);
            await checkCode(challenge, code);
            if (pendingPrimary.has(email.id)) {
              if (await store.isPrimaryOfAnother(caller.user.id, email.email)) {
                await store.markEmailVerified(caller.user.id, email.id);
                throw validationFailed([
                  cause('email', 'Verified, but another account at this identity provider signs in with this address, so it stays secondary.'),
                ]);
              }
              await store.makePrimary(caller.user.id, email.id);
              pendingPrimary.delete(email.id);
            } else {
              await store.markEmailVerified(caller.user.id, email.id);
            }
            noContent(ctx);
          },
        },
      },
    },
    {
      pattern: /^\/phones$/,
      methods: {
        GET: { scope: 'okta.myAccount.phone.read', handler: async (ctx, caller) => json(ctx, 200, (await store.listPhones(caller.user.id)).map(phoneBody)) },
        POST: {
          scope: 'okta.myAccount.phone.manage',
          handler: async (ctx, caller) => {
            const body = await readJson(ctx.req);
            const profile = profileOf(body);
            const number = typeof profile.phoneNumber === 'string' ? profile.phoneNumber.replace(/[\s()-]/g, '') : '';
            if (!E164.test(number)) throw validationFailed([cause('phoneNumber', 'Enter the number in international (E.164) form, e.g. +14155550123.')]);
            const method = isRecord(body) ? (body.method ?? 'SMS') : 'SMS';
            if (method !== 'SMS') throw validationFailed([cause('method', 'Only SMS is supported by the development identity provider.')]);
            if (await store.findPhoneByNumber(caller.user.id, number))
              throw validationFailed([cause('phoneNumber', 'This number is already on your account.')]);
            let phone: DevIdpPhone;
            try {
              phone = await store.addPhone(caller.user.id, number);
            } catch (error) {
              if (isUniqueViolation(error)) throw validationFailed([cause('phoneNumber', 'This number is already on your account.')]);
              throw error;
            }
            if (isRecord(body) && body.sendCode === true) await sendSmsCode(caller.user, phone);
            json(ctx, 201, phoneBody(phone));
          },
        },
      },
    },
    {
      pattern: new RegExp(`^/phones/${ID}$`),
      methods: {
        GET: { scope: 'okta.myAccount.phone.read', handler: async (ctx, caller, [id]) => json(ctx, 200, phoneBody(await phoneOr404(caller, id!))) },
        DELETE: {
          scope: 'okta.myAccount.phone.manage',
          handler: async (ctx, caller, [id]) => {
            const phone = await phoneOr404(caller, id!);
            requireRecentSignIn(caller);
            await store.deletePhone(caller.user.id, phone.id);
            noContent(ctx);
          },
        },
      },
    },
    {
      pattern: new RegExp(`^/phones/${ID}/challenge$`),
      methods: {
        POST: {
          scope: 'okta.myAccount.phone.manage',
          handler: async (ctx, caller, [id]) => {
            const phone = await phoneOr404(caller, id!);
            const body = await readJson(ctx.req);
            const method = isRecord(body) ? body.method : undefined;
            if (method !== 'SMS')
              throw validationFailed([cause('method', method === 'CALL' ? 'The development identity provider only sends SMS.' : 'Method must be SMS.')]);
            if (phone.status === 'VERIFIED') throw validationFailed([cause('phoneNumber', 'This number is already verified.')]);
            const latest = await store.latestChallenge(caller.user.id, phone.id);
            const age = latest ? (Date.now() - latest.createdAt.getTime()) / 1000 : Infinity;
            if (age < PHONE_RESEND_SECONDS && !latest?.verifiedAt) {
              ctx.set('Retry-After', String(Math.ceil(PHONE_RESEND_SECONDS - age)));
              throw new OktaApiError(
                429,
                'E0000047',
                `A code was sent less than ${PHONE_RESEND_SECONDS} seconds ago. Wait ${Math.ceil(PHONE_RESEND_SECONDS - age)} seconds before asking for another.`,
              );
            }
            const challenge = await sendSmsCode(caller.user, phone);
            // expiresAt is an addition to Okta's body (only _links), so the app can show when the code runs out.
            json(ctx, 200, { expiresAt: challenge.expiresAt.toISOString(), _links: { verify: link(`${base}/phones/${phone.id}/verify`, ['POST']) } });
          },
        },
      },
    },
    {
      pattern: new RegExp(`^/phones/${ID}/verify$`),
      methods: {
        POST: {
          scope: 'okta.myAccount.phone.manage',
          handler: async (ctx, caller, [id]) => {
            const phone = await phoneOr404(caller, id!);
            const code = verificationCode(await readJson(ctx.req));
            if (phone.status === 'VERIFIED') throw validationFailed([cause('phoneNumber', 'This number is already verified.')]);
            const challenge = await store.latestChallenge(caller.user.id, phone.id);
            if (!challenge) throw validationFailed([cause('verificationCode', 'No code was sent to this number yet. Send a code first.')]);
            await checkCode(challenge, code);
            await store.markPhoneVerified(caller.user.id, phone.id);
            noContent(ctx);
          },
        },
      },
    },
    {
      pattern: /^\/password$/,
      methods: {
        GET: { scope: 'okta.myAccount.password.read', handler: async (ctx, caller) => json(ctx, 200, passwordBody(caller.user)) },
        POST: {
          scope: 'okta.myAccount.password.manage',
          handler: async (ctx, caller) => {
            if (caller.user.passwordHash)
              throw validationFailed([cause('password', 'A password is already set. Change it instead.')], 'A password is already enrolled.');
            requireRecentSignIn(caller);
            const { password } = await checkedPassword(await readJson(ctx.req));
            json(ctx, 201, passwordBody(await store.setPassword(caller.user.id, await hashPassword(password))));
          },
        },
        PUT: {
          scope: 'okta.myAccount.password.manage',
          handler: async (ctx, caller) => {
            if (!caller.user.passwordHash) throw validationFailed([cause('password', 'No password is set yet. Set one first.')], 'No password is enrolled.');
            requireRecentSignIn(caller);
            const { password, currentPassword } = await checkedPassword(await readJson(ctx.req));
            if (currentPassword !== undefined && !(await verifyPassword(caller.user.passwordHash, currentPassword))) {
              throw validationFailed([cause('currentPassword', 'The current password is not correct.')]);
            }
            if (await verifyPassword(caller.user.passwordHash, password))
              throw validationFailed(
                [cause('password', 'Password requirements were not met: choose a password different from the current one.')],
                'Password requirements were not met',
              );
            json(ctx, 200, passwordBody(await store.setPassword(caller.user.id, await hashPassword(password))));
          },
        },
        DELETE: {
          scope: 'okta.myAccount.password.manage',
          handler: async (ctx, caller) => {
            if (!caller.user.passwordHash) throw notFound('password (Password)');
            requireRecentSignIn(caller);
            await store.clearPassword(caller.user.id);
            noContent(ctx);
          },
        },
      },
    },
  ];

  // Sessions API (/api/v1/sessions/me): the provider session of the browser's cookie, or of the access token's sid.

  type ProviderSession = InstanceType<Provider['Session']>;

  async function findSession(ctx: Context): Promise<ProviderSession | undefined> {
    const fromCookie = await deps.provider.Session.get(ctx);
    if (fromCookie.accountId) return fromCookie;
    if (!ctx.get('authorization')) return undefined;
    const caller = await verifyAccessToken(ctx, ['okta.myAccount.sessions.manage']);
    const sid = caller.claims.sid;
    if (typeof sid !== 'string') return undefined;
    const session = await deps.provider.Session.findByUid(sid);
    if (session?.accountId !== caller.user.id) return undefined;
    return session?.accountId ? session : undefined;
  }

  async function sessionBody(session: ProviderSession) {
    const user = await store.provision(session.accountId!);
    const primary = user ? await store.primaryEmail(user.id) : undefined;
    const iso = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
    const self = `${issuer}/api/v1/sessions/me`;
    return {
      id: session.uid,
      login: primary?.email ?? user?.profile.login ?? null,
      userId: session.accountId,
      status: 'ACTIVE',
      createdAt: iso(session.iat),
      expiresAt: iso(session.exp),
      lastPasswordVerification: iso(session.loginTs),
      lastFactorVerification: null,
      amr: session.amr ?? ['pwd'],
      idp: { id: 'development', type: 'OKTA' },
      mfaActive: false,
      _links: {
        self: link(self, ['GET', 'DELETE']),
        refresh: link(`${self}/lifecycle/refresh`, ['POST']),
        user: { name: user ? displayNameOf(user.profile) : '', href: `${issuer}/api/v1/users/me`, hints: { allow: ['GET'] } },
      },
    };
  }

  async function handleSessions(ctx: Context, rest: string) {
    const methods: Record<string, string[]> = { '': ['GET', 'DELETE'], '/lifecycle/refresh': ['POST'] };
    const allowed = methods[rest];
    if (!allowed) throw notFound(`${rest} (Session)`);
    if (!allowed.includes(ctx.method)) {
      ctx.set('Allow', allowed.join(', '));
      throw new OktaApiError(405, 'E0000022', 'The endpoint does not support the provided HTTP method');
    }
    const session = await findSession(ctx);
    if (!session) throw notFound('me (Session)');
    if (ctx.method === 'DELETE') {
      await session.destroy();
      noContent(ctx);
      return;
    }
    if (ctx.method === 'POST') await session.save(deps.sessionTtlSeconds);
    json(ctx, 200, await sessionBody(session));
  }

  function setCors(ctx: Context) {
    const origin = ctx.get('origin');
    if (!origin || !deps.origins.includes(origin)) return;
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Allow-Credentials', 'true');
    ctx.set('Access-Control-Expose-Headers', 'WWW-Authenticate, Retry-After');
    ctx.vary('Origin');
  }

  function sendError(ctx: Context, error: OktaApiError) {
    for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
    json(ctx, error.status, {
      errorCode: error.errorCode,
      errorSummary: error.errorSummary,
      errorLink: error.errorCode,
      errorId: `oae${randomBytes(11).toString('base64url')}`,
      errorCauses: error.errorCauses,
    });
  }

  const acceptsVersion = (accept: string) => /okta-version\s*=\s*"?1\.0\.0"?/i.test(accept);

  return async (ctx, next) => {
    const myAccount = /^\/idp\/myaccount(\/.*)?$/.exec(ctx.path);
    const sessions = /^\/api\/v1\/sessions\/me(\/.*)?$/.exec(ctx.path);
    if (!myAccount && !sessions) {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    setCors(ctx);
    if (ctx.method === 'OPTIONS') {
      if (ctx.get('origin') && deps.origins.includes(ctx.get('origin'))) {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
        ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        ctx.set('Access-Control-Max-Age', '600');
      }
      noContent(ctx);
      return;
    }
    try {
      if (sessions) return await handleSessions(ctx, sessions[1] ?? '');
      const path = myAccount![1] ?? '';
      let match: RegExpExecArray | null = null;
      const route = routes.find((candidate) => (match = candidate.pattern.exec(path)) !== null);
      if (!route || !match) throw notFound(`${path || '/'} (MyAccount)`);
      const method = route.methods[ctx.method];
      if (!method) {
        ctx.set('Allow', Object.keys(route.methods).join(', '));
        throw new OktaApiError(405, 'E0000022', 'The endpoint does not support the provided HTTP method');
      }
      if (!acceptsVersion(ctx.get('accept'))) {
        throw new OktaApiError(
          406,
          'E0000001',
          'The Accept header must ask for version 1.0.0 of the MyAccount API, e.g. Accept: application/json; okta-version=1.0.0.',
        );
      }
      // A manage scope covers reading too.
      const scopes = method.scope.endsWith('.read') ? [method.scope, method.scope.replace(/\.read$/, '.manage')] : [method.scope];
      const caller = await verifyAccessToken(ctx, scopes);
      await method.handler(ctx, caller, (match as RegExpExecArray).slice(1));
    } catch (error) {
      if (error instanceof OktaApiError) return sendError(ctx, error);
      throw error;
    }
  };
}
