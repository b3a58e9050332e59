import { NAME_MAX_LENGTH } from '@rampart/shared/identity-schemas';
import { hasControlCharacters, hasForbiddenCharacters } from '../../../lib/text.ts';
import type { DevIdpUser } from '../dev-idp-users.ts';
import { cause, json, link, profileOf, readJson, validationFailed, type ErrorCause, type MyAccountContext, type Route } from './http.ts';

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

/** /profile and /profile/schema. */
export function profileRoutes({ base, store }: MyAccountContext): Route[] {
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

  return [
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
  ];
}
