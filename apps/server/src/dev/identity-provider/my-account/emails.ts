import { emailSchema } from '@rampart/shared/identity-schemas';
import { CHALLENGE_TTL_SECONDS, isUniqueViolation, type DevIdpChallenge, type DevIdpEmail, type DevIdpUser } from '../dev-idp-users.ts';
import {
  cause,
  checkCode,
  ID,
  isRecord,
  json,
  link,
  noContent,
  notFound,
  OktaApiError,
  profileOf,
  readJson,
  validationFailed,
  verificationCode,
  type Caller,
  type Context,
  type MyAccountContext,
  type Route,
} from './http.ts';

/** /emails and their verification challenges. */
export function emailRoutes({ base, store, mailer, requireRecentSignIn }: MyAccountContext): Route[] {
  /** E-mails added with role PRIMARY that become primary once verified (kept while the process runs, like the provider's sessions). */
  const pendingPrimary = new Set<string>();

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

  async function sendEmailCode(user: DevIdpUser, email: DevIdpEmail) {
    const { challenge, code } = await store.createChallenge(user.id, 'email', email.id);
    await mailer.send({
      to: email.email,
      subject: 'Confirm your e-mail address',
      text: `Your verification code is ${code}\n\nEnter it to add ${email.email} to your account at the Rampart development identity provider. It expires in ${CHALLENGE_TTL_SECONDS / 60} minutes.\n\nIf you did not ask for this, ignore this message.`,
    });
    return challenge;
  }

  async function emailOr404(caller: Caller, id: string) {
    const email = await store.findEmail(caller.user.id, id);
    if (!email) throw notFound(`${id} (Email)`);
    return email;
  }
  async function openChallenge(userId: string, targetId: string) {
    const challenge = await store.latestChallenge(userId, targetId);
    return challenge && !challenge.verifiedAt && challenge.expiresAt.getTime() > Date.now() ? challenge : undefined;
  }

  return [
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
            await checkCode(store, challenge, code);
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
  ];
}
