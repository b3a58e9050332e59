import forge from 'node-forge';

/**
 * The password-based key derivations an uploaded .p12 or encrypted PEM key asks for, bounded before anything is derived.
 * Each derivation costs CPU in proportion to an iteration count the file itself chooses (node-forge's PKCS#12 KDF takes
 * about 2 µs an iteration: 8,388,607 of them held a thread for 19 s). Real exports use a few thousand: OpenSSL 3 writes
 * 2,048 for the MAC and for each PBKDF2, Java's keytool 10,000. 100,000 a count leaves room for careful tools and costs
 * node-forge about 0.2 s; the total (a PKCS#12 PBE derives twice: key and IV) bounds a file that repeats a bag hundreds
 * of times, and lets one with every count at the maximum through (MAC, one PBE for the certificates, one for the key).
 */
export const MAX_KDF_ITERATIONS = 100_000;
export const MAX_KDF_ITERATIONS_TOTAL = 500_000;

export class KeyDerivationLimitError extends Error {
  constructor(
    readonly iterations: number,
    readonly where: string,
    readonly total: boolean,
  ) {
    super(`${where}: ${iterations} iterations`);
    this.name = 'KeyDerivationLimitError';
  }
}

/** A PBE OID's use, for the message. */
const PBE_OIDS: Record<string, string> = {
  // PKCS#12 PBE (RFC 7292 appendix C): params SEQUENCE { salt, iterations }.
  '1.2.840.113549.1.12.1.1': 'PKCS#12 key encryption',
  '1.2.840.113549.1.12.1.2': 'PKCS#12 key encryption',
  '1.2.840.113549.1.12.1.3': 'PKCS#12 key encryption',
  '1.2.840.113549.1.12.1.4': 'PKCS#12 key encryption',
  '1.2.840.113549.1.12.1.5': 'PKCS#12 key encryption',
  '1.2.840.113549.1.12.1.6': 'PKCS#12 key encryption',
  // PBES1 (PKCS#5): the same params.
  '1.2.840.113549.1.5.1': 'PBES1 key encryption',
  '1.2.840.113549.1.5.3': 'PBES1 key encryption',
  '1.2.840.113549.1.5.4': 'PBES1 key encryption',
  '1.2.840.113549.1.5.6': 'PBES1 key encryption',
  '1.2.840.113549.1.5.10': 'PBES1 key encryption',
  '1.2.840.113549.1.5.11': 'PBES1 key encryption',
  // PBKDF2 (inside PBES2 or PBMAC1): params SEQUENCE { salt, iterationCount, ... }.
  '1.2.840.113549.1.5.12': 'PBKDF2',
};
const SCRYPT_OID = '1.3.6.1.4.1.11591.4.11';

interface Element {
  tagClass: number;
  constructed: boolean;
  tagNumber: number;
  /** The content octets (for a constructed OCTET STRING, its pieces joined). */
  content: Uint8Array;
  children: Element[] | null;
}

const MAX_DEPTH = 40;
const MAX_ELEMENTS = 200_000;

/** A tolerant BER reader (definite and indefinite lengths): only what it can read is checked; the derivation guard below covers the rest. */
class Reader {
  elements = 0;

  /** Every element filling `bytes` exactly, or null when they are not BER. */
  parseAll(bytes: Uint8Array, depth: number): Element[] | null {
    const out: Element[] = [];
    let offset = 0;
    while (offset < bytes.length) {
      const read = this.parseOne(bytes, offset, depth);
      if (!read || read.element === 'end') return null;
      out.push(read.element);
      offset = read.next;
    }
    return out;
  }

  private parseOne(bytes: Uint8Array, offset: number, depth: number): { element: Element | 'end'; next: number } | null {
    if (depth > MAX_DEPTH || ++this.elements > MAX_ELEMENTS || offset + 2 > bytes.length) return null;
    const first = bytes[offset]!;
    let at = offset + 1;
    let tagNumber = first & 0x1f;
    if (tagNumber === 0x1f) {
      tagNumber = 0;
      for (let count = 0; ; count += 1) {
        if (at >= bytes.length || count > 3) return null;
        const byte = bytes[at++]!;
        tagNumber = tagNumber * 128 + (byte & 0x7f);
        if (!(byte & 0x80)) break;
      }
    }
    if (at >= bytes.length) return null;
    const lengthByte = bytes[at++]!;
    const constructed = (first & 0x20) !== 0;
    if (first === 0 && lengthByte === 0) return { element: 'end', next: at };
    const tagClass = first >> 6;
    if (lengthByte === 0x80) {
      if (!constructed) return null;
      const children: Element[] = [];
      for (;;) {
        const read = this.parseOne(bytes, at, depth + 1);
        if (!read) return null;
        at = read.next;
        if (read.element === 'end') break;
        children.push(read.element);
      }
      return { element: this.withContent({ tagClass, constructed, tagNumber, content: new Uint8Array(0), children }, depth), next: at };
    }
    let length = lengthByte;
    if (lengthByte & 0x80) {
      const size = lengthByte & 0x7f;
      if (size > 4 || at + size > bytes.length) return null;
      length = 0;
      for (let index = 0; index < size; index += 1) length = length * 256 + bytes[at++]!;
    }
    if (at + length > bytes.length) return null;
    const content = bytes.subarray(at, at + length);
    const children = constructed ? this.parseAll(content, depth + 1) : null;
    if (constructed && !children) return null;
    return { element: this.withContent({ tagClass, constructed, tagNumber, content, children }, depth), next: at + length };
  }

  /**
   * An OCTET STRING often holds DER itself (PKCS#12's ContentInfo data, SafeContents): read it as children when it parses.
   * A constructed one (BER) is its pieces joined first.
   */
  private withContent(element: Element, depth: number): Element {
    // Universal OCTET STRINGs only: encrypted content ([0] IMPLICIT) is ciphertext, never DER worth reading.
    if (element.tagNumber !== 4 || element.tagClass !== 0) return element;
    let content = element.content;
    if (element.constructed) content = Buffer.concat((element.children ?? []).map((piece) => piece.content));
    const nested = content.length >= 2 && (content[0] === 0x30 || content[0] === 0xa0) ? this.parseAll(content, depth + 1) : null;
    return { ...element, content, children: nested ?? (element.constructed ? [] : null) };
  }
}

function oidOf(element: Element | undefined): string | null {
  if (!element || element.tagClass !== 0 || element.tagNumber !== 6 || element.constructed) return null;
  try {
    return forge.asn1.derToOid(forge.util.createBuffer(Buffer.from(element.content).toString('binary')));
  } catch {
    return null;
  }
}

/** An INTEGER's value; a huge one is Infinity, a negative one 0 (it derives nothing). */
function integerOf(element: Element | undefined): number | null {
  if (!element || element.tagClass !== 0 || element.tagNumber !== 2 || element.constructed || element.content.length === 0) return null;
  if (element.content[0]! & 0x80) return 0;
  let start = 0;
  while (start < element.content.length - 1 && element.content[start] === 0) start += 1;
  if (element.content.length - start > 6) return Number.POSITIVE_INFINITY;
  let value = 0;
  for (let index = start; index < element.content.length; index += 1) value = value * 256 + element.content[index]!;
  return value;
}

const isSequence = (element: Element | undefined) => element?.tagClass === 0 && element.tagNumber === 16 && element.constructed && element.children;

export interface KeyDerivation {
  where: string;
  iterations: number;
  /** How many derivations of that count it takes (a PKCS#12 PBE: one for the key, one for the IV). */
  times: number;
}

/** Every key derivation visible in the structure, with its iteration count; `scrypt` when one asks for scrypt. */
export function keyDerivationsOf(bytes: Uint8Array, options: { pkcs12: boolean }): { derivations: KeyDerivation[]; scrypt: boolean; readable: boolean } {
  const reader = new Reader();
  const top = reader.parseAll(bytes, 0);
  if (!top) return { derivations: [], scrypt: false, readable: false };
  const derivations: KeyDerivation[] = [];
  let scrypt = false;
  const visit = (element: Element) => {
    if (isSequence(element)) {
      const [first, params] = element.children!;
      const oid = oidOf(first);
      if (oid === SCRYPT_OID) scrypt = true;
      const where = oid ? PBE_OIDS[oid] : undefined;
      if (where && isSequence(params)) {
        const iterations = integerOf(params!.children![1]);
        if (iterations !== null) derivations.push({ where, iterations, times: oid!.startsWith('1.2.840.113549.1.12.1.') ? 2 : 1 });
      }
    }
    for (const child of element.children ?? []) visit(child);
  };
  top.forEach(visit);
  // PFX ::= SEQUENCE { version, authSafe ContentInfo, macData MacData OPTIONAL }; MacData's third field: its iterations (default 1).
  const pfx = top[0];
  if (options.pkcs12 && isSequence(pfx)) {
    const macData = pfx!.children![2];
    if (isSequence(macData)) {
      const iterations = integerOf(macData!.children![2]);
      if (iterations !== null) derivations.push({ where: 'the MAC', iterations, times: 1 });
    }
  }
  return { derivations, scrypt, readable: true };
}

/** The first count over the bounds (one count, or the file's total), or null when the file asks for an affordable amount. */
export function excessiveDerivation(derivations: KeyDerivation[]): KeyDerivationLimitError | null {
  let total = 0;
  for (const derivation of derivations) {
    if (derivation.iterations > MAX_KDF_ITERATIONS) return new KeyDerivationLimitError(derivation.iterations, derivation.where, false);
    total += derivation.iterations * derivation.times;
  }
  return total > MAX_KDF_ITERATIONS_TOTAL ? new KeyDerivationLimitError(total, 'all key derivations together', true) : null;
}

/**
 * Counts hidden inside encrypted content (a key bag in an encrypted SafeContents) are seen only once it is decrypted, so
 * node-forge's own derivation functions check them too, while a budget is set: the same bounds, before deriving.
 */
let budget: { total: number } | null = null;
let guarded = false;

function guard<F extends (...args: never[]) => unknown>(original: F, iterationsAt: number, where: string): F {
  return function (this: unknown, ...args: Parameters<F>) {
    if (budget) {
      const iterations = Number(args[iterationsAt]);
      if (!(iterations <= MAX_KDF_ITERATIONS)) throw new KeyDerivationLimitError(iterations, where, false);
      budget.total += iterations;
      if (budget.total > MAX_KDF_ITERATIONS_TOTAL) throw new KeyDerivationLimitError(budget.total, 'all key derivations together', true);
    }
    return original.apply(this, args);
  } as F;
}

function installGuards() {
  if (guarded) return;
  guarded = true;
  // forge.pkcs12.generateKey is the same function as forge.pbe.generatePkcs12Key (the MAC key and PKCS#12 PBE keys).
  const pbe = (forge as unknown as { pbe: { generatePkcs12Key: (...args: never[]) => unknown } }).pbe;
  const pkcs12 = forge.pkcs12 as unknown as { generateKey: (...args: never[]) => unknown };
  const pkcs5 = forge.pkcs5 as unknown as { pbkdf2: (...args: never[]) => unknown };
  pbe.generatePkcs12Key = guard(pbe.generatePkcs12Key, 3, 'PKCS#12 key derivation');
  pkcs12.generateKey = guard(pkcs12.generateKey, 3, 'PKCS#12 key derivation');
  pkcs5.pbkdf2 = guard(pkcs5.pbkdf2, 2, 'PBKDF2');
}

/** Runs `parse` with node-forge's key derivations bounded; throws KeyDerivationLimitError before an excessive one. */
export function withKeyDerivationBudget<T>(parse: () => T): T {
  installGuards();
  budget = { total: 0 };
  try {
    return parse();
  } finally {
    budget = null;
  }
}
