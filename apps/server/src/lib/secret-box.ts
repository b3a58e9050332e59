import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from './paths.ts';

/**
 * Secrets encrypted at rest (docs/decisions/0009-secret-keys-encrypted-at-rest.md): AES-256-GCM under a key-encryption
 * key (KEK). A ciphertext names the KEK it was made with (`v1.<kid>.<iv>.<tag>.<ct>`, base64url), so after a rotation
 * the previous KEK still opens old rows until `rotate-secret-keys` has re-encrypted them.
 */
export interface SecretBox {
  /** The id of the current KEK (first 8 bytes of its SHA-256, base64url). */
  readonly keyId: string;
  encrypt(plain: string): string;
  /** The plain text; throws SecretBoxError when the ciphertext is malformed, tampered with, or under an unknown KEK. */
  decrypt(ciphertext: string): string;
  /** Whether a ciphertext is under another KEK than the current one. */
  needsRotation(ciphertext: string): boolean;
}

export class SecretBoxError extends Error {}

const VERSION = 'v1';

export function keyIdOf(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
}

/** A 32-byte key from its base64 form, or null when it is not one. */
export function parseKek(value: string): Buffer | null {
  const bytes = Buffer.from(value.trim(), 'base64');
  return bytes.length === 32 && bytes.toString('base64').replace(/=+$/, '') === value.trim().replace(/=+$/, '') ? bytes : null;
}

export function createSecretBox(keys: { current: Buffer; previous?: Buffer | null }): SecretBox {
  if (keys.current.length !== 32) throw new SecretBoxError('The key-encryption key must be 32 bytes.');
  const keyId = keyIdOf(keys.current);
  const byId = new Map<string, Buffer>([[keyId, keys.current]]);
  if (keys.previous) byId.set(keyIdOf(keys.previous), keys.previous);

  return {
    keyId,
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', keys.current, iv);
      // The key id is authenticated too: a ciphertext cannot be relabelled to another key.
      cipher.setAAD(Buffer.from(`${VERSION}.${keyId}`));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
    },
    decrypt(ciphertext) {
      const parts = ciphertext.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretBoxError('This is not a secret-box ciphertext.');
      const [, kid, iv, tag, ct] = parts as [string, string, string, string, string];
      const key = byId.get(kid);
      if (!key) throw new SecretBoxError(`This secret was encrypted under key ${kid}, which is neither KEY_ENCRYPTION_KEY nor KEY_ENCRYPTION_KEY_PREVIOUS.`);
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(`${VERSION}.${kid}`));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('This secret does not decrypt: it was altered, or the key is wrong.');
      }
    },
    needsRotation(ciphertext) {
      return ciphertext.split('.')[1] !== keyId;
    },
  };
}

export const KEK_FILE_NAME = 'key-encryption-key';

/**
 * The configured KEK, or the one in `<dataDir>/key-encryption-key`, created (mode 0600) on first start. The file is
 * written under a temporary name and linked into place, so concurrent first starts agree on one key.
 */
export function loadKeyEncryptionKeys(config: { KEY_ENCRYPTION_KEY?: string; KEY_ENCRYPTION_KEY_PREVIOUS?: string; DATA_DIR?: string }): {
  current: Buffer;
  previous: Buffer | null;
  source: 'env' | 'file';
} {
  const previous = config.KEY_ENCRYPTION_KEY_PREVIOUS ? parseKek(config.KEY_ENCRYPTION_KEY_PREVIOUS) : null;
  if (config.KEY_ENCRYPTION_KEY) {
    const current = parseKek(config.KEY_ENCRYPTION_KEY);
    if (!current) throw new SecretBoxError('KEY_ENCRYPTION_KEY must be the base64 of 32 bytes.');
    return { current, previous, source: 'env' };
  }
  return { current: readOrCreateKekFile(path.join(dataDir(config.DATA_DIR), KEK_FILE_NAME)), previous, source: 'file' };
}

export function readOrCreateKekFile(file: string): Buffer {
  const read = () => {
    const key = parseKek(fs.readFileSync(file, 'utf8'));
    if (!key)
      throw new SecretBoxError(
        `${file} does not hold a base64 32-byte key; restore it from a backup (secret keys encrypted under it cannot be read otherwise).`,
      );
    return key;
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return read();
}
