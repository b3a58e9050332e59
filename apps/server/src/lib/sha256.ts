import crypto from 'node:crypto';

/** The hex SHA-256 of a secret we keep only as a hash: session ids, e-mailed codes and links, API keys (architecture.md, Conventions). */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
