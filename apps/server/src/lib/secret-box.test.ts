import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadKeyEncryptionKeys, parseKek, readOrCreateKekFile, SecretBoxError } from './secret-box.ts';
import { parseEnv } from '../config/env.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { accountWithMember } from '../../test/accounts-helper.ts';
import { rotateSecretKeys } from '../rotate-secret-keys.ts';

const key = () => crypto.randomBytes(32);

describe('secret box', () => {
  it('round-trips, with a fresh IV each time and the key id in the ciphertext', () => {
    const box = createSecretBox({ current: key() });
    const a = box.encrypt('sk_test_abc');
    const b = box.encrypt('sk_test_abc');
    expect(a).not.toBe(b);
    expect(a.split('.')).toHaveLength(5);
    expect(a.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(box.decrypt(a)).toBe('sk_test_abc');
    expect(box.needsRotation(a)).toBe(false);
  });

  it('detects tampering with the ciphertext, the tag, the IV or the key id, and refuses another key', () => {
    const box = createSecretBox({ current: key() });
    const parts = box.encrypt('sk_test_secret_value').split('.');
    const flip = (value: string) => {
      const bytes = Buffer.from(value, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const index of [2, 3, 4]) {
      const tampered = [...parts];
      tampered[index] = flip(tampered[index]!);
      expect(() => box.decrypt(tampered.join('.'))).toThrow(SecretBoxError);
    }
    expect(() => box.decrypt(['v1', 'AAAAAAAAAAA', ...parts.slice(2)].join('.'))).toThrow(/neither KEY_ENCRYPTION_KEY/);
    expect(() => box.decrypt('not a ciphertext')).toThrow(SecretBoxError);
    expect(() => createSecretBox({ current: key() }).decrypt(parts.join('.'))).toThrow(SecretBoxError);
  });

  it('opens old ciphertexts with the previous key after a rotation, and re-encrypts them under the new one', () => {
    const oldKey = key();
    const oldBox = createSecretBox({ current: oldKey });
    const ciphertext = oldBox.encrypt('sk_test_rotated');
    const rotated = createSecretBox({ current: key(), previous: oldKey });
    expect(rotated.needsRotation(ciphertext)).toBe(true);
    expect(rotated.decrypt(ciphertext)).toBe('sk_test_rotated');
    const again = rotated.encrypt(rotated.decrypt(ciphertext));
    expect(rotated.needsRotation(again)).toBe(false);
    expect(() => oldBox.decrypt(again)).toThrow(SecretBoxError);
  });

  it('creates the key file 0600 on first start and reuses it; a configured key wins; bad keys are refused by name', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kek-'));
    try {
      const first = loadKeyEncryptionKeys({ DATA_DIR: dir });
      const file = path.join(dir, 'key-encryption-key');
      expect(first.source).toBe('file');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadKeyEncryptionKeys({ DATA_DIR: dir }).current.equals(first.current)).toBe(true);
      expect(readOrCreateKekFile(file).equals(first.current)).toBe(true);
      const configured = crypto.randomBytes(32).toString('base64');
      expect(loadKeyEncryptionKeys({ DATA_DIR: dir, KEY_ENCRYPTION_KEY: configured })).toMatchObject({ source: 'env' });
      expect(parseKek(configured)?.length).toBe(32);
      expect(parseKek(crypto.randomBytes(16).toString('base64'))).toBeNull();
      expect(() => parseEnv({ KEY_ENCRYPTION_KEY: 'short' })).toThrow(/KEY_ENCRYPTION_KEY: the base64 of 32 random bytes/);
      expect(() => parseEnv({ KEY_ENCRYPTION_KEY_PREVIOUS: configured })).toThrow(/KEY_ENCRYPTION_KEY: required when KEY_ENCRYPTION_KEY_PREVIOUS/);
      fs.writeFileSync(file, 'garbage');
      expect(() => loadKeyEncryptionKeys({ DATA_DIR: dir })).toThrow(/restore it from a backup/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('secret keys at rest', () => {
  const oldKek = crypto.randomBytes(32).toString('base64');
  const newKek = crypto.randomBytes(32).toString('base64');
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ KEY_ENCRYPTION_KEY: oldKek });
  });
  afterAll(async () => {
    await t.close();
  });
  const KEYS = 'query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { type secret } }';
  const SIGN = 'mutation($a: ID!, $u: String!, $s: String) { generateSignedUrl(accountId: $a, liveMode: false, url: $u, secretKey: $s) { url signature } }';

  it('stores a new secret key encrypted beside its hash, shows it once, and signs with it; a rotation keeps it working', async () => {
    const member = await accountWithMember(t);
    const secret = ((await member.client.ok(KEYS, { a: member.accountId })).apiKeys as Array<{ type: string; secret: string }>).find(
      (k) => k.type === 'secret',
    )!.secret;
    const row = (
      await t.database.pool.query(`select secret_hash, secret_ciphertext, display_value from api_keys where account_id = $1 and type = 'secret'`, [
        member.accountId,
      ])
    ).rows[0];
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret_ciphertext).toMatch(/^v1\./);
    expect(row.secret_ciphertext).not.toContain(secret);
    expect(row.display_value).not.toBe(secret);
    const shownAgain = ((await member.client.ok(KEYS, { a: member.accountId })).apiKeys as Array<{ type: string; secret: string }>).find(
      (k) => k.type === 'secret',
    )!.secret;
    expect(shownAgain).not.toBe(secret);

    const url = 'https://example.com/widget/buy?apiKey=pk_test_x&currencyCode=eth&walletAddress=0x52908400098527886E0F7030069857D2E4169EE7';
    const expected = crypto.createHmac('sha256', secret).update(new URL(url).search).digest('base64');
    expect((await member.client.ok(SIGN, { a: member.accountId, u: url })).generateSignedUrl.signature).toBe(expected);
    expect((await member.client.ok(SIGN, { a: member.accountId, u: url, s: secret })).generateSignedUrl.signature).toBe(expected);
    const wrong = await member.client.gql(SIGN, { a: member.accountId, u: url, s: 'sk_test_notTheKey00000000000000000000' });
    expect(wrong.errors?.[0]?.extensions?.fields).toHaveProperty('secretKey');
    const signedTwice = await member.client.gql(SIGN, { a: member.accountId, u: `${url}&signature=abc` });
    expect(signedTwice.errors?.[0]?.extensions?.fields).toHaveProperty('url');

    // Rotation: the new key with the old one as previous, then the CLI's re-encryption.
    const box = createSecretBox({ current: parseKek(newKek)!, previous: parseKek(oldKek)! });
    const result = await rotateSecretKeys(t.database.db, box);
    expect(result.rotated).toBeGreaterThanOrEqual(1);
    const after = (await t.database.pool.query(`select id, secret_ciphertext from api_keys where account_id = $1 and type = 'secret'`, [member.accountId]))
      .rows[0];
    expect(after.secret_ciphertext.split('.')[1]).toBe(box.keyId);
    expect(box.decrypt(after.secret_ciphertext)).toBe(secret);
    // Other test files' rows (under the data directory's key) are reported, not touched; a second run rotates nothing of ours.
    const second = await rotateSecretKeys(t.database.db, box);
    expect(second.unreadable).not.toContain(after.id);
    expect(
      (await t.database.pool.query(`select secret_ciphertext from api_keys where account_id = $1 and type = 'secret'`, [member.accountId])).rows[0]
        .secret_ciphertext,
    ).toBe(after.secret_ciphertext);
  });

  it('asks to roll or paste a secret key created before encryption at rest', async () => {
    const member = await accountWithMember(t);
    await member.client.ok(KEYS, { a: member.accountId });
    await t.database.pool.query(`update api_keys set secret_ciphertext = null where account_id = $1 and type = 'secret'`, [member.accountId]);
    const result = await member.client.gql(SIGN, { a: member.accountId, u: 'https://example.com/?apiKey=pk_test_x' });
    expect(result.errors?.[0]?.message).toMatch(/paste the secret key, or roll it once/);
  });
});
