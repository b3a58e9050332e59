import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';

/**
 * A single sign-on started in one browser: the nonce the ID token must carry and the browser's cookie, both hashed.
 * loginWithOkta spends it once; rows past their expiry are deleted when the next attempt starts.
 */
export const ssoSignInAttempts = pgTable(
  'sso_sign_in_attempts',
  {
    id: id(),
    nonceHash: text('nonce_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [uniqueIndex('sso_sign_in_attempts_nonce_unique').on(table.nonceHash), index('sso_sign_in_attempts_expires_idx').on(table.expiresAt)],
);

/** ID tokens already turned into a session (a hash of the issuer and jti, or of the token): each is accepted once. */
export const ssoUsedIdTokens = pgTable(
  'sso_used_id_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The token's own expiry: after it the token is refused anyway, so the row can go. */
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('sso_used_id_tokens_expires_idx').on(table.expiresAt)],
);
