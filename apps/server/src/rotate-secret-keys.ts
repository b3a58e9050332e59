// Re-encrypts every stored secret key under the current key-encryption key: `npm run rotate-secret-keys -w @rampart/server`.
// Run with KEY_ENCRYPTION_KEY (new) and KEY_ENCRYPTION_KEY_PREVIOUS (old) set; docs/decisions/0009-secret-keys-encrypted-at-rest.md.
import { sql } from 'drizzle-orm';
import { loadEnvOrExit } from './config/env.ts';
import { startInfrastructure } from './boot.ts';
import { exitWithStartupFailure } from './lib/startup-error.ts';
import { createSecretBox, loadKeyEncryptionKeys, SecretBoxError, type SecretBox } from './lib/secret-box.ts';
import type { Database } from './db/client.ts';

/**
 * Re-encrypts the rows under another KEK; returns how many changed, and the ids of rows neither key opens (left as
 * they are). Each row is updated only if unchanged meanwhile.
 */
export async function rotateSecretKeys(db: Database, box: SecretBox): Promise<{ rotated: number; current: number; unreadable: string[] }> {
  const result = await db.execute(sql`select id, secret_ciphertext from api_keys where secret_ciphertext is not null`);
  let rotated = 0;
  let current = 0;
  const unreadable: string[] = [];
  for (const row of result.rows as Array<{ id: string; secret_ciphertext: string }>) {
    if (!box.needsRotation(row.secret_ciphertext)) {
      current += 1;
      continue;
    }
    let plain: string;
    try {
      plain = box.decrypt(row.secret_ciphertext);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      unreadable.push(row.id);
      continue;
    }
    const next = box.encrypt(plain);
    await db.execute(
      sql`update api_keys set secret_ciphertext = ${next}, updated_at = now() where id = ${row.id} and secret_ciphertext = ${row.secret_ciphertext}`,
    );
    rotated += 1;
  }
  return { rotated, current, unreadable };
}

async function main() {
  const config = loadEnvOrExit();
  const keys = loadKeyEncryptionKeys(config);
  const box = createSecretBox(keys);
  const infrastructure = await startInfrastructure(config, () => {}, { chain: false });
  try {
    const { rotated, current, unreadable } = await rotateSecretKeys(infrastructure.database.db, box);
    console.log(`Secret keys re-encrypted under key ${box.keyId}: ${rotated} rotated, ${current} already current.`);
    if (unreadable.length) {
      console.error(
        `${unreadable.length} secret keys are under a key that is neither KEY_ENCRYPTION_KEY nor KEY_ENCRYPTION_KEY_PREVIOUS (api_keys ids: ${unreadable.join(', ')}). Set the key they were made with as KEY_ENCRYPTION_KEY_PREVIOUS and run again, or have their partners roll them.`,
      );
      process.exitCode = 1;
    } else if (config.KEY_ENCRYPTION_KEY_PREVIOUS) {
      console.log('Every row is under the current key now: KEY_ENCRYPTION_KEY_PREVIOUS can be removed.');
    }
  } finally {
    await infrastructure.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main().catch((error: unknown) => exitWithStartupFailure('Secret key rotation', error));
