import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  confirmationCodeSchema,
  emailSchema,
  loginInputSchema,
  newPasswordSchema,
  otpCodeSchema,
  personNameSchema,
  preferredCurrencySchema,
  recoveryCodeSchema,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  signupInputSchema,
} from '@rampart/shared/identity-schemas';
import type { Env } from '../../config/env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { outsideUnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, badInput, forbidden, unauthenticated } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { IdentityRepository, TokenPurpose, UserRow } from './identity.repository.ts';
import { sha256 } from '../../lib/sha256.ts';
import { hashPassword, isCommonPassword, spendPasswordCheckTime, verifyPassword } from '../../lib/password-policy.ts';
import { newSessionSecrets, type LoadedSession } from './session-store.ts';
import { generateTotpSecret, otpauthUrl, verifyTotp } from './totp.ts';
import * as templates from './identity.mail.ts';

export const LIMITS = {
  signupCodeMinutes: 30,
  resetLinkMinutes: 60,
  resetTwoFactorLinkMinutes: 60,
  emailChangeHours: 24,
  codeAttempts: 5,
  codesPerHour: 5,
  failuresPerEmail: 10,
  failuresPerIp: 100,
  failureWindowMinutes: 15,
  recoveryCodes: 10,
} as const;

const GENERIC_LOGIN_ERROR = 'The e-mail or password is incorrect.';
const TOO_MANY_SIGN_IN_FAILURES = `Too many failed sign-in attempts. Try again in ${LIMITS.failureWindowMinutes} minutes.`;
/** The refusal of every password path for a member of an organization that requires single sign-on. */
export const SSO_REQUIRED_MESSAGE = 'Your organization requires single sign-on: sign in with SSO. Your Rampart password is no longer used.';
const ssoRequired = (fields: Record<string, string> = {}) => new AppError('BAD_USER_INPUT', SSO_REQUIRED_MESSAGE, { ssoRequired: true, fields });
const TOO_MANY_INVALID_LINKS = `Too many invalid links were tried from your network. Try again in ${LIMITS.failureWindowMinutes} minutes.`;

export interface RequestMeta {
  ipAddress: string;
  userAgent: string | null;
}

export interface IssuedSession {
  cookieValue: string;
  csrfToken: string;
  expiresAt: Date;
  user: UserRow;
}

type SessionMethod = 'password' | 'sso' | 'signup' | 'invite' | 'password_reset';

function randomCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

function codeHash(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}

/** A recovery code as shown: "abcde-23456". */
function randomRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[crypto.randomInt(0, RECOVERY_CODE_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The stored hash of a recovery code (normalized: lower case, no hyphen); about 50 random bits, so SHA-256 suffices. */
function recoveryCodeHash(userId: string, code: string): string {
  return sha256(`recovery:${userId}:${code.replace('-', '')}`);
}

function minutesFromNow(minutes: number): Date {
  return new Date(Date.now() + minutes * 60_000);
}

function assertAcceptablePassword(password: string, field = 'password'): void {
  const length = newPasswordSchema.safeParse(password);
  if (!length.success) throw badInput({ [field]: length.error.issues[0]!.message });
  if (isCommonPassword(password)) {
    throw badInput({ [field]: 'This password is one of the most common passwords. Choose a less predictable one.' });
  }
}

export function createIdentityService(deps: { repository: IdentityRepository; mailer: Mailer; config: Env }) {
  const { repository, mailer, config } = deps;
  const link = (path: string) => new URL(path, config.PUBLIC_URL).toString();

  /**
   * Links the user to the provider's subject and copies the provider's names and verified e-mail. An e-mail
   * another Rampart user already has is refused when asked for (strictEmail), else kept as it was.
   */
  async function applySsoIdentity(user: UserRow, identity: SsoIdentity, options: { strictEmail: boolean }): Promise<UserRow> {
    const changes: Partial<UserRow> = {};
    if (user.ssoIssuer !== identity.issuer || user.ssoSubject !== identity.subject) {
      changes.ssoIssuer = identity.issuer;
      changes.ssoSubject = identity.subject;
    }
    if (!user.isEmailVerified) changes.isEmailVerified = true;
    const firstName = identity.givenName?.trim().slice(0, 100);
    const lastName = identity.familyName?.trim().slice(0, 100);
    if (firstName && firstName !== user.firstName) changes.firstName = firstName;
    if (lastName && lastName !== user.lastName) changes.lastName = lastName;
    if (identity.email.toLowerCase() !== user.email.toLowerCase()) {
      const holder = await repository.findUserByEmail(identity.email);
      if (!holder) {
        changes.email = identity.email;
        changes.isEmailVerified = true;
      } else if (options.strictEmail) {
        throw badInput({
          idToken: `Another Rampart user already has the e-mail address ${identity.email}, so your Rampart e-mail address stays ${user.email}.`,
        });
      }
    } else if (identity.email !== user.email) {
      changes.email = identity.email;
    }
    return Object.keys(changes).length > 0 ? repository.updateUser(user.id, changes) : user;
  }

  async function issueSession(user: UserRow, method: SessionMethod, meta: RequestMeta): Promise<IssuedSession> {
    const secrets = newSessionSecrets();
    const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3_600_000);
    await repository.insertSession({
      id: secrets.id,
      userId: user.id,
      csrfToken: secrets.csrfToken,
      expiresAt,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      authMethod: method,
    });
    return { cookieValue: secrets.cookieValue, csrfToken: secrets.csrfToken, expiresAt, user };
  }

  async function sendCode(user: UserRow, purpose: TokenPurpose, minutes: number, payload?: Record<string, string>) {
    const since = new Date(Date.now() - 3_600_000);
    if ((await repository.countRecentTokens(user.id, purpose, since)) >= LIMITS.codesPerHour) {
      throw new AppError('RATE_LIMITED', 'Too many codes were requested. Wait an hour and try again.');
    }
    await repository.retireTokens(user.id, purpose);
    const code = randomCode();
    await repository.insertToken({ userId: user.id, purpose, tokenHash: codeHash(user.id, code), expiresAt: minutesFromNow(minutes), payload });
    return code;
  }

  async function sendLinkToken(user: UserRow, purpose: TokenPurpose, minutes: number, payload?: Record<string, string>) {
    const since = new Date(Date.now() - 3_600_000);
    if ((await repository.countRecentTokens(user.id, purpose, since)) >= LIMITS.codesPerHour) return null;
    await repository.retireTokens(user.id, purpose);
    const token = crypto.randomBytes(32).toString('base64url');
    await repository.insertToken({ userId: user.id, purpose, tokenHash: sha256(token), expiresAt: minutesFromNow(minutes), payload });
    return token;
  }

  /**
   * Checks a 6-digit code against the user's newest open code of that purpose. `reserved` is the code whose attempt
   * was taken (reserveCodeAttempt) before anything else was read: only that code is compared.
   */
  async function checkCode(user: UserRow, purpose: TokenPurpose, code: string, field: string, reserved: string | null) {
    const token = await repository.findLatestOpenToken(user.id, purpose);
    if (!token) throw badInput({ [field]: 'This code is not valid. Request a new one.' });
    if (token.expiresAt < new Date()) throw badInput({ [field]: 'This code has expired. Request a new one.' });
    if (token.id !== reserved) throw badInput({ [field]: 'Too many wrong attempts. Request a new code.' });
    const expected = Buffer.from(token.tokenHash);
    const given = Buffer.from(codeHash(user.id, code));
    if (!crypto.timingSafeEqual(expected, given)) throw badInput({ [field]: 'This code is not correct.' });
    if (!(await repository.consumeToken(token.id))) throw badInput({ [field]: 'This code was already used.' });
    return token;
  }

  /**
   * Counts a failed attempt for the e-mail (when known) and the IP before a password or code is checked, and refuses
   * once either has its limit in the window; the caller releases the attempt when the secret was right.
   */
  async function reserveAttempt(email: string | null, ipAddress: string, refusal = TOO_MANY_SIGN_IN_FAILURES): Promise<string> {
    const since = new Date(Date.now() - LIMITS.failureWindowMinutes * 60_000);
    const attempt = await repository.reserveFailure({ email, ipAddress }, { perEmail: LIMITS.failuresPerEmail, perIp: LIMITS.failuresPerIp }, since);
    if (!attempt) throw new AppError('RATE_LIMITED', refusal);
    return attempt;
  }

  /**
   * Looks up the row behind a link or invitation secret. Unknown secrets count as failures of the IP, reserved before
   * the lookup, so links cannot be scanned by many requests at once.
   */
  async function findBySecret<T>(ipAddress: string, lookup: () => Promise<T | undefined>): Promise<T | undefined> {
    const attempt = await reserveAttempt(null, ipAddress, TOO_MANY_INVALID_LINKS);
    const row = await lookup();
    if (row) await repository.releaseFailure(attempt);
    return row;
  }

  /** Finds a link token by its secret; expired, used and unknown links all get a clear message. */
  async function useLinkToken(token: string, purpose: TokenPurpose, what: string, ipAddress: string) {
    const invalid = () => badInput({ token: `This ${what} link is invalid or has already been used. Request a new one.` });
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
    const row = await findBySecret(ipAddress, () => repository.findTokenByHash(sha256(token), purpose));
    if (!row || row.usedAt) throw invalid();
    if (row.expiresAt < new Date()) throw badInput({ token: `This ${what} link has expired. Request a new one.` });
    return row;
  }

  /** Makes a new set of recovery codes, replacing the old set; the codes are returned this once and never again. */
  async function makeRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: LIMITS.recoveryCodes }, randomRecoveryCode);
    await repository.replaceRecoveryCodes(
      userId,
      codes.map((code) => recoveryCodeHash(userId, code)),
    );
    return codes;
  }

  /** An organization of the user requires SSO; provider staff are never held to a partner's choice. */
  async function isSsoRequired(user: Pick<UserRow, 'id' | 'adminRole'>): Promise<boolean> {
    return !user.adminRole && (await repository.isSsoRequired(user.id));
  }

  return {
    issueSession,
    findBySecret,
    isSsoRequired,

    /** Users' display names (first and last name, else the e-mail) by id; unknown ids are left out. */
    userNamesByIds: (ids: string[]) => (ids.length ? deps.repository.namesByIds(ids) : Promise.resolve(new Map<string, string>())),

    async signup(input: unknown, meta: RequestMeta) {
      const values = parseInput(signupInputSchema, input);
      assertAcceptablePassword(values.password);
      const existing = await repository.findUserByEmail(values.email);
      if (existing?.isEmailVerified) {
        // Same answer as a new sign-up, so the form cannot be used to discover who has an account.
        await mailer.send(templates.accountAlreadyExists(existing.email, link('/login'), link('/reset_password')));
        return { email: existing.email };
      }
      const passwordHash = await hashPassword(values.password);
      const profile = {
        firstName: values.firstName,
        lastName: values.lastName,
        jobTitle: values.jobTitle,
        referralLink: values.referralLink ?? null,
        passwordHash,
      };
      const user = existing ? await repository.updateUser(existing.id, profile) : await repository.insertUser({ ...profile, email: values.email });
      const code = await sendCode(user, 'signup_confirmation', LIMITS.signupCodeMinutes);
      await mailer.send(templates.signupCode(user.email, user.firstName, code, link(`/signup/complete?email=${encodeURIComponent(user.email)}`)));
      void meta;
      return { email: user.email };
    },

    async confirmSignupEmail(input: { email: string; confirmationCode: string }, meta: RequestMeta) {
      const values = parseInput(z.object({ email: emailSchema, confirmationCode: confirmationCodeSchema }), input);
      // The attempt is taken first, so simultaneous guesses cannot all be compared.
      const reserved = await repository.reserveCodeAttempt(values.email, 'signup_confirmation', LIMITS.codeAttempts);
      const user = await repository.findUserByEmail(values.email);
      if (!user) throw badInput({ confirmationCode: 'This code is not valid. Request a new one.' });
      if (user.isEmailVerified) throw badInput({ confirmationCode: 'This e-mail address is already confirmed. Sign in instead.' });
      await checkCode(user, 'signup_confirmation', values.confirmationCode, 'confirmationCode', reserved);
      const verified = await repository.updateUser(user.id, { isEmailVerified: true });
      return issueSession(verified, 'signup', meta);
    },

    async resendSignupEmail(input: { email: string }) {
      const { email } = parseInput(z.object({ email: emailSchema }), input);
      const user = await repository.findUserByEmail(email);
      if (user && !user.isEmailVerified) {
        const code = await sendCode(user, 'signup_confirmation', LIMITS.signupCodeMinutes);
        await mailer.send(templates.signupCode(user.email, user.firstName, code, link(`/signup/complete?email=${encodeURIComponent(user.email)}`)));
      }
      return true;
    },

    async login(input: unknown, meta: RequestMeta) {
      const values = parseInput(loginInputSchema, input);
      const attempt = await reserveAttempt(values.email, meta.ipAddress);
      const user = await repository.findUserByEmail(values.email);
      // A failure is already counted: the reserved attempt stays.
      const fail = (message = GENERIC_LOGIN_ERROR, field = 'password'): never => {
        throw badInput({ [field]: message }, message);
      };
      if (!user?.passwordHash) {
        await spendPasswordCheckTime(values.password);
        return fail();
      }
      if (!(await verifyPassword(user.passwordHash, values.password))) return fail();
      const passwordRight = () => repository.releaseFailure(attempt);
      // Told only after the right password, so the form does not reveal which e-mail addresses belong to such an organization.
      if (await isSsoRequired(user)) {
        await passwordRight();
        throw ssoRequired();
      }
      if (!user.isEmailVerified) {
        await passwordRight();
        // The answer is an error, which rolls the mutation's unit of work back: the new code and its e-mail must not go with it.
        await outsideUnitOfWork(async () => {
          const code = await sendCode(user, 'signup_confirmation', LIMITS.signupCodeMinutes).catch(() => null);
          if (code) await mailer.send(templates.signupCode(user.email, user.firstName, code, link(`/signup/complete?email=${encodeURIComponent(user.email)}`)));
        });
        throw new AppError('BAD_USER_INPUT', 'Confirm your e-mail address first: we have sent you a new code.', { emailNotVerified: true, fields: {} });
      }
      let recoveryCodesRemaining: number | null = null;
      if (user.isOtpEnabled && user.otpSecret) {
        if (values.recoveryCode) {
          // Counted as a wrong authenticator code is: the attempt reserved above stays unless the code was right.
          if (!(await repository.useRecoveryCode(user.id, recoveryCodeHash(user.id, values.recoveryCode))))
            return fail('This recovery code is not correct or was already used.', 'recoveryCode');
          recoveryCodesRemaining = await repository.countUnusedRecoveryCodes(user.id);
        } else if (!values.otpToken) {
          await passwordRight();
          return { preAuthenticated: true as const, session: null, recoveryCodesRemaining };
        } else {
          const step = verifyTotp(user.otpSecret, values.otpToken);
          if (step === null) return fail('This code is not correct. Check your authenticator app and try again.', 'otpToken');
          if (!(await repository.claimOtpStep(user.id, step))) return fail('This code was already used. Wait for the next one.', 'otpToken');
        }
      }
      // Earlier failures stay counted for their window: clearing them here would let attempts still in flight be checked
      // beyond the limit.
      await passwordRight();
      return { preAuthenticated: false as const, session: await issueSession(user, 'password', meta), recoveryCodesRemaining };
    },

    /** Ends the session the cookie names; the CSRF token is not needed to end one's own session. */
    async logout(sessionId: string | null) {
      if (sessionId) await repository.deleteSession(sessionId);
      return true;
    },

    async triggerPasswordReset(input: { email: string }) {
      const { email } = parseInput(z.object({ email: emailSchema }), input);
      const user = await repository.findUserByEmail(email);
      if (user && (await isSsoRequired(user))) {
        // The same answer as for anyone; the e-mail says why no link came.
        await mailer.send(templates.passwordResetSsoRequired(user.email, user.firstName, link('/login')));
      } else if (user) {
        const token = await sendLinkToken(user, 'password_reset', LIMITS.resetLinkMinutes);
        if (token) await mailer.send(templates.passwordReset(user.email, user.firstName, link(`/reset?token=${token}`), LIMITS.resetLinkMinutes));
      }
      return true;
    },

    async resetPassword(input: { token: string; password: string }, meta: RequestMeta) {
      const values = parseInput(z.object({ token: z.string().max(200), password: z.string() }), input);
      assertAcceptablePassword(values.password);
      const token = await useLinkToken(values.token, 'password_reset', 'password reset', meta.ipAddress);
      const user = await repository.findUserById(token.userId);
      // A link sent before the organization required SSO must not set a password after.
      if (user && (await isSsoRequired(user))) throw ssoRequired();
      if (!(await repository.consumeToken(token.id))) throw badInput({ token: 'This password reset link has already been used.' });
      await repository.updateUser(token.userId, { passwordHash: await hashPassword(values.password), isEmailVerified: true });
      await repository.deleteSessionsOfUser(token.userId);
      if (user) await repository.clearLoginFailures(user.email);
      return true;
    },

    async initializeOtp(session: LoadedSession) {
      if (session.user.isOtpEnabled) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      const secret = generateTotpSecret();
      await repository.updateUser(session.user.id, { otpPendingSecret: secret });
      const url = otpauthUrl(secret, session.user.email);
      return { secret, otpauthUrl: url, qrCodeUrl: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
    },

    async registerOtp(session: LoadedSession, input: { otpToken: string }) {
      const { otpToken } = parseInput(z.object({ otpToken: otpCodeSchema }), input);
      const user = session.user;
      if (user.isOtpEnabled) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      if (!user.otpPendingSecret) throw badInput({ otpToken: 'Start the set-up again: no secret is waiting for confirmation.' });
      const step = verifyTotp(user.otpPendingSecret, otpToken);
      if (step === null) throw badInput({ otpToken: 'This code is not correct. Check the time on your device and try again.' });
      const updated = await repository.updateUser(user.id, {
        otpSecret: user.otpPendingSecret,
        otpPendingSecret: null,
        isOtpEnabled: true,
        otpLastUsedStep: step,
      });
      return { user: updated, recoveryCodes: await makeRecoveryCodes(user.id) };
    },

    /** A new set of recovery codes for the authenticator's current code; the old set stops working. */
    async regenerateRecoveryCodes(session: LoadedSession, input: { otpToken: string }, meta: RequestMeta) {
      const { otpToken } = parseInput(z.object({ otpToken: otpCodeSchema }), input);
      const user = session.user;
      if (!user.isOtpEnabled || !user.otpSecret) throw new AppError('CONFLICT', 'Turn on two-factor authentication first: recovery codes come with it.');
      // Counted like a sign-in's code, so a stolen session cannot guess codes faster than the sign-in form.
      const attempt = await reserveAttempt(user.email, meta.ipAddress);
      const step = verifyTotp(user.otpSecret, otpToken);
      if (step === null || !(await repository.claimOtpStep(user.id, step))) throw badInput({ otpToken: 'This code is not correct or was already used.' });
      await repository.releaseFailure(attempt);
      return makeRecoveryCodes(user.id);
    },

    /** Unused recovery codes; none while two-factor authentication is off. */
    async recoveryCodesRemaining(user: Pick<UserRow, 'id' | 'isOtpEnabled'>): Promise<number> {
      return user.isOtpEnabled ? repository.countUnusedRecoveryCodes(user.id) : 0;
    },

    async disableOtp(session: LoadedSession, input: { otpToken: string }, meta: RequestMeta) {
      const { otpToken } = parseInput(z.object({ otpToken: otpCodeSchema }), input);
      const user = session.user;
      if (!user.isOtpEnabled || !user.otpSecret) throw new AppError('CONFLICT', 'Two-factor authentication is already off.');
      if (user.isOtpEnforced) throw forbidden('Your organization requires two-factor authentication; it cannot be turned off.');
      if (user.adminRole) throw forbidden('Rampart staff keep two-factor authentication on: it cannot be turned off while you have a staff role.');
      // A stolen session must not be able to guess codes faster than a sign-in could.
      const attempt = await reserveAttempt(user.email, meta.ipAddress);
      const step = verifyTotp(user.otpSecret, otpToken);
      if (step === null || !(await repository.claimOtpStep(user.id, step))) throw badInput({ otpToken: 'This code is not correct or was already used.' });
      await repository.releaseFailure(attempt);
      await repository.replaceRecoveryCodes(user.id, []);
      return repository.updateUser(user.id, { otpSecret: null, isOtpEnabled: false, otpLastUsedStep: null });
    },

    async requestResetTwoFactorAuth(input: { email: string; password: string }, meta: RequestMeta) {
      const values = parseInput(z.object({ email: emailSchema, password: z.string().min(1, 'Enter your password').max(128) }), input);
      const attempt = await reserveAttempt(values.email, meta.ipAddress);
      const user = await repository.findUserByEmail(values.email);
      const passwordOk = user?.passwordHash ? await verifyPassword(user.passwordHash, values.password) : (await spendPasswordCheckTime(values.password), false);
      if (!user || !passwordOk) return true;
      await repository.releaseFailure(attempt);
      // A password proves nothing once SSO is required: the provider's sign-in (and its second factor) does.
      if (user.isOtpEnabled && !(await isSsoRequired(user))) {
        const token = await sendLinkToken(user, 'reset_two_factor', LIMITS.resetTwoFactorLinkMinutes);
        if (token) await mailer.send(templates.resetTwoFactor(user.email, user.firstName, link(`/reset_2fa?token=${token}`), LIMITS.resetTwoFactorLinkMinutes));
      }
      return true;
    },

    async resetTwoFactorAuth(input: { token: string }, meta: RequestMeta) {
      const { token } = parseInput(z.object({ token: z.string().max(200) }), input);
      const row = await useLinkToken(token, 'reset_two_factor', 'two-factor reset', meta.ipAddress);
      if (!(await repository.consumeToken(row.id))) throw badInput({ token: 'This two-factor reset link has already been used.' });
      await repository.updateUser(row.userId, { otpSecret: null, otpPendingSecret: null, isOtpEnabled: false, otpLastUsedStep: null });
      await repository.replaceRecoveryCodes(row.userId, []);
      await repository.deleteSessionsOfUser(row.userId);
      return true;
    },

    /** Profile changes; an e-mail change waits for the confirmation link, a password change needs the current one. */
    async updateUser(session: LoadedSession, input: Record<string, unknown>, meta: RequestMeta) {
      const values = parseInput(
        z.object({
          email: emailSchema.optional().nullable(),
          name: personNameSchema.max(201).optional().nullable(),
          currentPassword: z.string().max(128).optional().nullable(),
          password: z.string().optional().nullable(),
          preferredCurrencyCode: preferredCurrencySchema.optional().nullable(),
        }),
        input,
      );
      const user = session.user;
      const changes: Partial<UserRow> = {};
      if (values.name) {
        const [firstName, ...rest] = values.name.split(/\s+/);
        changes.firstName = firstName!;
        changes.lastName = rest.join(' ');
      }
      if (values.preferredCurrencyCode) changes.preferredCurrencyCode = values.preferredCurrencyCode;
      const needsPassword = Boolean(values.password) || (values.email && values.email.toLowerCase() !== user.email.toLowerCase());
      if (needsPassword) {
        const wrong = () => badInput({ currentPassword: 'Your current password is not correct.' });
        if (!values.currentPassword || !user.passwordHash) throw wrong();
        // Counted like a sign-in, so a stolen session cannot guess the password faster than the login form.
        const attempt = await reserveAttempt(user.email, meta.ipAddress);
        if (!(await verifyPassword(user.passwordHash, values.currentPassword))) throw wrong();
        await repository.releaseFailure(attempt);
      }
      // After the attempt counters (autocommit on the pool): asked before them, this read would take the unit of work's
      // connection first, and a hundred requests at once would each hold one while waiting for another.
      if (values.password && (await isSsoRequired(user))) throw ssoRequired({ password: SSO_REQUIRED_MESSAGE });
      if (values.password) {
        assertAcceptablePassword(values.password);
        changes.passwordHash = await hashPassword(values.password);
      }
      if (values.email && values.email.toLowerCase() !== user.email.toLowerCase()) {
        const taken = await repository.findUserByEmail(values.email);
        if (taken) throw badInput({ email: 'Another user already has this e-mail address.' });
        const token = await sendLinkToken(user, 'email_change', LIMITS.emailChangeHours * 60, { newEmail: values.email });
        if (!token) throw new AppError('RATE_LIMITED', 'Too many e-mail changes were requested. Wait an hour and try again.');
        await mailer.send(templates.confirmEmailChange(values.email, user.firstName, link(`/confirm_email?code=${token}`)));
      }
      const updated = Object.keys(changes).length ? await repository.updateUser(user.id, changes) : user;
      if (values.password) await repository.deleteSessionsOfUser(user.id, session.id);
      return updated;
    },

    async confirmEmailAddress(session: LoadedSession, input: { confirmationCode: string }, meta: RequestMeta) {
      const { confirmationCode } = parseInput(z.object({ confirmationCode: z.string().max(200) }), input);
      const row = await useLinkToken(confirmationCode, 'email_change', 'e-mail confirmation', meta.ipAddress).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'RATE_LIMITED') throw error;
        throw badInput({ confirmationCode: 'This confirmation link is invalid, expired or already used.' });
      });
      if (row.userId !== session.user.id)
        throw badInput({ confirmationCode: 'This confirmation link belongs to another user. Sign in as that user to use it.' });
      const newEmail = row.payload?.newEmail;
      if (!newEmail) throw badInput({ confirmationCode: 'This confirmation link is invalid.' });
      if (await repository.findUserByEmail(newEmail)) throw badInput({ confirmationCode: 'Another user already has this e-mail address.' });
      if (!(await repository.consumeToken(row.id))) throw badInput({ confirmationCode: 'This confirmation link was already used.' });
      return repository.updateUser(session.user.id, { email: newEmail, isEmailVerified: true });
    },

    async pendingEmail(user: UserRow): Promise<string | null> {
      const token = await repository.findLatestOpenToken(user.id, 'email_change');
      return token && token.expiresAt > new Date() ? (token.payload?.newEmail ?? null) : null;
    },

    async listSessions(session: LoadedSession) {
      const rows = await repository.listSessions(session.user.id);
      return rows.map((row) => ({ ...row, isCurrent: row.id === session.id }));
    },

    async currentSession(session: LoadedSession) {
      const rows = await repository.listSessions(session.user.id);
      const row = rows.find((candidate) => candidate.id === session.id);
      if (!row) throw unauthenticated('Your session has ended. Sign in again.');
      return { ...row, isCurrent: true };
    },

    async revokeSession(session: LoadedSession, id: string) {
      if (typeof id !== 'string' || id.length > 128) throw badInput({ id: 'Unknown session.' });
      if (!(await repository.deleteSessionOfUser(session.user.id, id))) throw badInput({ id: 'This session does not exist or has already ended.' });
      return true;
    },

    async revokeOtherSessions(session: LoadedSession) {
      return repository.deleteSessionsOfUser(session.user.id, session.id);
    },

    /**
     * Opens a session for the user an identity provider vouches for (SSO): the user linked to the
     * provider's subject, else the user with the verified e-mail, who is then (re)linked to it. The name and
     * e-mail the provider holds are copied over, so a change made at the provider follows the user here.
     */
    async loginWithSsoIdentity(identity: SsoIdentity, meta: RequestMeta, options: SsoLoginOptions): Promise<SsoLoginResult> {
      const linked = await repository.findUserBySsoSubject(identity.issuer, identity.subject);
      const user = linked ?? (await repository.findUserByEmail(identity.email));
      if (!user) throw unauthenticated('No Rampart user has this e-mail address. Ask your administrator for an invitation.');
      // Two-factor authentication holds for SSO too: the provider's multi-factor proof, or the code as a password sign-in asks.
      let recoveryCodesRemaining: number | null = null;
      if (user.isOtpEnabled && user.otpSecret && !options.multiFactorProven && options.recoveryCode?.trim()) {
        const { recoveryCode } = parseInput(z.object({ recoveryCode: recoveryCodeSchema }), { recoveryCode: options.recoveryCode });
        const attempt = await reserveAttempt(user.email, meta.ipAddress);
        if (!(await repository.useRecoveryCode(user.id, recoveryCodeHash(user.id, recoveryCode))))
          throw badInput({ recoveryCode: 'This recovery code is not correct or was already used.' });
        await repository.releaseFailure(attempt);
        recoveryCodesRemaining = await repository.countUnusedRecoveryCodes(user.id);
      } else if (user.isOtpEnabled && user.otpSecret && !options.multiFactorProven) {
        if (!options.otpToken?.trim()) return { preAuthenticated: true, session: null };
        const { otpToken } = parseInput(z.object({ otpToken: otpCodeSchema }), { otpToken: options.otpToken });
        // Counted like a password sign-in's code: the failure stays unless the code was right.
        const attempt = await reserveAttempt(user.email, meta.ipAddress);
        const step = verifyTotp(user.otpSecret, otpToken);
        if (step === null) throw badInput({ otpToken: 'This code is not correct. Check your authenticator app and try again.' });
        if (!(await repository.claimOtpStep(user.id, step))) throw badInput({ otpToken: 'This code was already used. Wait for the next one.' });
        await repository.releaseFailure(attempt);
      }
      await options.beforeSession?.();
      const updated = await applySsoIdentity(user, identity, { strictEmail: false });
      return { preAuthenticated: false, session: await issueSession(updated, 'sso', meta), recoveryCodesRemaining };
    },

    /** The signed-in user takes the name and e-mail a fresh ID token of its linked subject carries. */
    async syncWithSsoIdentity(userId: string, identity: SsoIdentity) {
      const user = await repository.findUserById(userId);
      if (!user) throw unauthenticated('Your session has ended. Sign in again.');
      const isLinked = user.ssoIssuer === identity.issuer && user.ssoSubject === identity.subject;
      const mayLink = !user.ssoSubject && user.email.toLowerCase() === identity.email.toLowerCase();
      if (!isLinked && !mayLink) throw badInput({ idToken: 'This ID token belongs to a different user of the identity provider.' });
      return applySsoIdentity(user, identity, { strictEmail: true });
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

export interface SsoLoginOptions {
  /** The ID token shows a multi-factor sign-in at the provider (amr/acr as configured). */
  multiFactorProven: boolean;
  /** Rampart's code, for a user with two-factor authentication on when the provider shows no multi-factor sign-in. */
  otpToken?: string | null;
  /** Instead of otpToken: one of the user's two-factor recovery codes. */
  recoveryCode?: string | null;
  /** Runs once every check passed, before the session is issued (SSO spends its sign-in attempt here). */
  beforeSession?: () => Promise<void>;
}

/** As a password sign-in answers: a session, or preAuthenticated when the code is still needed. */
export type SsoLoginResult =
  | { preAuthenticated: true; session: null }
  | { preAuthenticated: false; session: IssuedSession; /** Set when a recovery code was used. */ recoveryCodesRemaining: number | null };

/** Who an identity provider says the user is, from a verified ID token. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  /** Verified by the provider (email_verified). */
  email: string;
  givenName?: string;
  familyName?: string;
}
