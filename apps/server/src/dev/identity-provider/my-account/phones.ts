import { CHALLENGE_TTL_SECONDS, isUniqueViolation, type DevIdpPhone, type DevIdpUser } from '../dev-idp-users.ts';
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

const PHONE_RESEND_SECONDS = 30;
const E164 = /^\+[1-9]\d{6,14}$/;

/** /phones, verified by a code sent as a text message (the development SMS outbox). */
export function phoneRoutes({ base, store, requireRecentSignIn }: MyAccountContext): Route[] {
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

  async function sendSmsCode(user: DevIdpUser, phone: DevIdpPhone) {
    const { challenge, code } = await store.createChallenge(user.id, 'phone', phone.id);
    await store.sendSms(phone.number, `Your Rampart development identity provider code is ${code}. It expires in ${CHALLENGE_TTL_SECONDS / 60} minutes.`);
    return challenge;
  }

  async function phoneOr404(caller: Caller, id: string) {
    const phone = await store.findPhone(caller.user.id, id);
    if (!phone) throw notFound(`${id} (Phone)`);
    return phone;
  }

  /** A POST on one of the caller's numbers (404 for any other id). */
  const onPhone = (action: string, handler: (ctx: Context, caller: Caller, phone: DevIdpPhone) => Promise<void>): Route => ({
    pattern: new RegExp(`^/phones/${ID}/${action}$`),
    methods: {
      POST: { scope: 'okta.myAccount.phone.manage', handler: async (ctx, caller, [id]) => handler(ctx, caller, await phoneOr404(caller, id!)) },
    },
  });

  return [
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
    onPhone('challenge', async (ctx, caller, phone) => {
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
    }),
    onPhone('verify', async (ctx, caller, phone) => {
      const code = verificationCode(await readJson(ctx.req));
      if (phone.status === 'VERIFIED') throw validationFailed([cause('phoneNumber', 'This number is already verified.')]);
      const challenge = await store.latestChallenge(caller.user.id, phone.id);
      if (!challenge) throw validationFailed([cause('verificationCode', 'No code was sent to this number yet. Send a code first.')]);
      await checkCode(store, challenge, code);
      await store.markPhoneVerified(caller.user.id, phone.id);
      noContent(ctx);
    }),
  ];
}
