import crypto from 'node:crypto';
import forge from 'node-forge';
import { PASS_CREDENTIAL_MAX_BYTES } from '@rampart/shared/passes';
import { badInput } from '../../graphql/errors.ts';
import { runInWorker, WorkerLimitExceeded } from '../../lib/bounded-worker.ts';
import type { AppleSigningMaterial, GoogleSigningMaterial } from './pass-credentials.ts';
import {
  excessiveDerivation,
  keyDerivationsOf,
  KeyDerivationLimitError,
  MAX_KDF_ITERATIONS,
  MAX_KDF_ITERATIONS_TOTAL,
  withKeyDerivationBudget,
} from './key-derivation-limits.ts';

/**
 * The partner's own wallet credentials, read from uploaded files. The files are hostile until proven otherwise: the
 * service reads them through readAppleUpload / readGoogleUpload, which run the parse in a worker thread with a time
 * limit (bounded-worker.ts), and a .p12 or encrypted key asking for more key-derivation work than real exports do is
 * refused from its ASN.1 before anything is derived (key-derivation-limits.ts).
 */

// --- Reading -------------------------------------------------------------------------------------------------

/** "UID=pass.x\nCN=…" (node's X509Certificate subject) as attribute pairs, in order. */
function subjectAttributes(subject: string): Array<[string, string]> {
  return subject
    .split('\n')
    .map((line) => {
      const at = line.indexOf('=');
      return at > 0 ? ([line.slice(0, at).trim(), line.slice(at + 1).trim()] as [string, string]) : null;
    })
    .filter((pair): pair is [string, string] => pair !== null);
}

export function describeCertificate(certificate: crypto.X509Certificate) {
  const attributes = subjectAttributes(certificate.subject);
  return {
    subject: attributes.map(([key, value]) => `${key}=${value}`).join(', '),
    attribute: (key: string) => attributes.find(([name]) => name === key)?.[1] ?? null,
    expiresAt: new Date(certificate.validTo),
    startsAt: new Date(certificate.validFrom),
  };
}

const PASS_TYPE_IDENTIFIER = /^pass(\.[A-Za-z0-9-]+){2,}$/;
const TEAM_IDENTIFIER = /^[A-Z0-9]{10}$/;

function uploadBytes(bytes: Buffer, field: string, what: string): Buffer {
  if (bytes.length === 0) throw badInput({ [field]: `The ${what} file is empty.` });
  if (bytes.length > PASS_CREDENTIAL_MAX_BYTES)
    throw badInput({ [field]: `The ${what} file is larger than ${Math.round(PASS_CREDENTIAL_MAX_BYTES / 1000)} kB: it cannot be a certificate or key file.` });
  return bytes;
}

interface CertificateAndKeys {
  certificates: string[];
  keys: crypto.KeyObject[];
}

const count = (iterations: number) => (Number.isFinite(iterations) ? iterations.toLocaleString('en-US') : 'trillions of');
const named = (fileName: string | null) => (fileName ? ` “${fileName}”` : '');

/** The refusal of a file asking for more key-derivation work than the bounds, naming the file and the count. */
function tooMuchDerivation(limit: KeyDerivationLimitError, fileName: string | null) {
  const asks = limit.total
    ? `asks for ${count(limit.iterations)} key-derivation iterations in all: at most ${count(MAX_KDF_ITERATIONS_TOTAL)} are accepted`
    : `asks for ${count(limit.iterations)} key-derivation iterations (${limit.where}): at most ${count(MAX_KDF_ITERATIONS)} are accepted`;
  return badInput({
    certificate: `The certificate file${named(fileName)} ${asks}. Export it again with the usual settings (OpenSSL uses 2,048).`,
  });
}

/** Refuses a file whose visible key derivations (read from its ASN.1, nothing derived) ask for too much work. */
function checkKeyDerivations(der: Uint8Array, fileName: string | null) {
  const found = keyDerivationsOf(der, { pkcs12: true });
  if (found.scrypt)
    throw badInput({
      certificate: `The private key in the certificate file${named(fileName)} is encrypted with scrypt: export it with PBKDF2 (OpenSSL’s default).`,
    });
  const excessive = excessiveDerivation(found.derivations);
  if (excessive) throw tooMuchDerivation(excessive, fileName);
}

function readP12(bytes: Buffer, password: string | null, fileName: string | null): CertificateAndKeys {
  checkKeyDerivations(bytes, fileName);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    // Counts inside encrypted content show only once it is decrypted: node-forge's derivations check them as they come.
    p12 = withKeyDerivationBudget(() => forge.pkcs12.pkcs12FromAsn1(asn1, false, password ?? ''));
  } catch (error) {
    if (error instanceof KeyDerivationLimitError) throw tooMuchDerivation(error, fileName);
    const message = error instanceof Error ? error.message : '';
    if (/mac could not be verified|invalid password|decrypt/i.test(message)) {
      throw badInput({
        certificatePassword: password
          ? 'The password does not open this .p12 file: check it and try again.'
          : 'This .p12 file is protected by a password: enter it and upload again.',
      });
    }
    throw badInput({ certificate: 'The file is neither a .p12 (PKCS#12) file nor a PEM file with a certificate and a private key.' });
  }
  const certificates: string[] = [];
  const keys: crypto.KeyObject[] = [];
  for (const bag of p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []) {
    if (bag.cert) certificates.push(forge.pki.certificateToPem(bag.cert));
  }
  for (const type of [forge.pki.oids.pkcs8ShroudedKeyBag!, forge.pki.oids.keyBag!]) {
    for (const bag of p12.getBags({ bagType: type })[type] ?? []) {
      if (bag.key) keys.push(crypto.createPrivateKey(forge.pki.privateKeyToPem(bag.key)));
    }
  }
  return { certificates, keys };
}

function readPem(text: string, password: string | null, fileName: string | null): CertificateAndKeys {
  const blocks = [...text.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g)];
  const certificates = blocks.filter((block) => block[1] === 'CERTIFICATE').map((block) => `${block[0]}\n`);
  const keys: crypto.KeyObject[] = [];
  const keyBlocks = blocks.filter((each) => /PRIVATE KEY$/.test(each[1]!));
  // OpenSSL derives an encrypted PKCS#8 key's password natively, where no time limit can stop it: bounded before, all
  // keys of the file together.
  const encrypted = keyBlocks.filter((block) => block[1] === 'ENCRYPTED PRIVATE KEY');
  if (password && encrypted.length) {
    const bodies = encrypted.map((block) => Buffer.from(block[0].replace(/-----[A-Z0-9 ]+-----/g, '').replace(/\s+/g, ''), 'base64'));
    const derivations = bodies.flatMap((der) => {
      const found = keyDerivationsOf(der, { pkcs12: false });
      if (found.scrypt)
        throw badInput({
          certificate: `The private key in the certificate file${named(fileName)} is encrypted with scrypt: export it with PBKDF2 (OpenSSL’s default).`,
        });
      return found.derivations;
    });
    const excessive = excessiveDerivation(derivations);
    if (excessive) throw tooMuchDerivation(excessive, fileName);
  }
  for (const block of keyBlocks) {
    try {
      keys.push(crypto.createPrivateKey({ key: block[0], format: 'pem', ...(password ? { passphrase: password } : {}) }));
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (block[1] === 'ENCRYPTED PRIVATE KEY' || /bad decrypt|passphrase|Proc-Type: 4,ENCRYPTED/i.test(message + block[0])) {
        throw badInput({
          certificatePassword: password
            ? 'The password does not open the private key in this PEM file.'
            : 'The private key in this PEM file is encrypted: enter its password and upload again.',
        });
      }
      throw badInput({ certificate: 'The private key in the PEM file cannot be read.' });
    }
  }
  return { certificates, keys };
}

/**
 * The partner's pass type certificate, from a .p12 (with its password) or a PEM file holding the certificate and its
 * private key (and, in both, the WWDR intermediate that issued it). Each problem is refused with its own message.
 */
export function parseAppleUpload(input: {
  bytes: Buffer;
  password: string | null;
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** The uploaded file's name, for the messages. */
  fileName?: string | null;
  now?: Date;
}): AppleSigningMaterial {
  const passTypeIdentifier = input.passTypeIdentifier.trim();
  const teamIdentifier = input.teamIdentifier.trim();
  if (!PASS_TYPE_IDENTIFIER.test(passTypeIdentifier))
    throw badInput({ passTypeIdentifier: 'A pass type identifier starts with "pass." and is written like pass.com.example.membership.' });
  if (!TEAM_IDENTIFIER.test(teamIdentifier))
    throw badInput({ teamIdentifier: 'A team identifier is the 10 capital letters and digits shown in the Apple Developer account, such as A1B2C3D4E5.' });
  const bytes = uploadBytes(input.bytes, 'certificate', 'certificate');
  const password = input.password && input.password.length > 0 ? input.password : null;
  const text = bytes.toString('utf8');
  const fileName = input.fileName ?? null;
  const read = text.includes('-----BEGIN ') ? readPem(text, password, fileName) : readP12(bytes, password, fileName);

  if (read.certificates.length === 0) throw badInput({ certificate: 'The file holds no certificate.' });
  if (read.keys.length === 0)
    throw badInput({ certificate: 'The file holds no private key: export the certificate together with its private key (a .p12 from Keychain Access does).' });
  let parsed: crypto.X509Certificate[];
  try {
    parsed = read.certificates.map((pem) => new crypto.X509Certificate(pem));
  } catch {
    throw badInput({ certificate: 'A certificate in the file cannot be read.' });
  }
  let signer: { certificate: crypto.X509Certificate; key: crypto.KeyObject } | null = null;
  for (const certificate of parsed) {
    const key = read.keys.find(
      (candidate) => candidate.asymmetricKeyType === certificate.publicKey.asymmetricKeyType && certificate.checkPrivateKey(candidate),
    );
    if (key) {
      signer = { certificate, key };
      break;
    }
  }
  if (!signer) throw badInput({ certificate: 'The private key does not match the certificate: upload the key that was created with this certificate.' });
  if (signer.key.asymmetricKeyType !== 'rsa') throw badInput({ certificate: 'The certificate’s key is not an RSA key: Apple pass type certificates use RSA.' });

  const described = describeCertificate(signer.certificate);
  const now = input.now ?? new Date();
  if (described.expiresAt.getTime() <= now.getTime()) {
    throw badInput({
      certificate: `The certificate expired on ${described.expiresAt.toISOString().slice(0, 10)}: create a new pass type certificate in the Apple Developer account.`,
    });
  }
  if (described.startsAt.getTime() > now.getTime())
    throw badInput({ certificate: `The certificate is not valid before ${described.startsAt.toISOString().slice(0, 10)}.` });
  const uid = described.attribute('UID');
  if (!uid || !uid.startsWith('pass.')) {
    throw badInput({
      certificate:
        'This is not a pass type certificate: its subject has no UID starting with "pass.". Create a Pass Type ID certificate in the Apple Developer account.',
    });
  }
  if (uid !== passTypeIdentifier) throw badInput({ passTypeIdentifier: `The certificate is for ${uid}, not ${passTypeIdentifier}.` });
  const team = described.attribute('OU');
  if (team && team !== teamIdentifier) throw badInput({ teamIdentifier: `The certificate belongs to team ${team}, not ${teamIdentifier}.` });

  const issuer = parsed.find(
    (certificate) => certificate !== signer.certificate && signer.certificate.checkIssued(certificate) && signer.certificate.verify(certificate.publicKey),
  );
  if (!issuer) {
    throw badInput({
      certificate:
        'The file does not include the certificate that issued yours (Apple’s WWDR intermediate): add it to the file (download it from apple.com/certificateauthority) and upload again.',
    });
  }
  return {
    source: 'partner',
    passTypeIdentifier,
    teamIdentifier,
    signerCertPem: signer.certificate.toString(),
    signerKeyPem: signer.key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    wwdrPem: issuer.toString(),
    certificateSubject: described.subject,
    certificateExpiresAt: described.expiresAt,
  };
}

const GOOGLE_ISSUER_ID = /^\d{4,30}$/;

/** The partner's Google Wallet issuer and the service-account key file Google Cloud gives (JSON). */
export function parseGoogleUpload(input: { bytes: Buffer; issuerId: string }): GoogleSigningMaterial {
  const issuerId = input.issuerId.trim();
  if (!GOOGLE_ISSUER_ID.test(issuerId))
    throw badInput({ issuerId: 'The issuer ID is the number shown in the Google Pay & Wallet Console, such as 3388000000012345678.' });
  const bytes = uploadBytes(input.bytes, 'serviceAccountKey', 'service-account key');
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badInput({ serviceAccountKey: 'The file is not JSON: upload the key file Google Cloud gives when you add a key to the service account.' });
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw badInput({ serviceAccountKey: 'The file is not a service-account key: it should be a JSON object.' });
  const key = json as Record<string, unknown>;
  if (key.type !== 'service_account') throw badInput({ serviceAccountKey: 'The file is not a service-account key: its "type" should be "service_account".' });
  const email = typeof key.client_email === 'string' ? key.client_email.trim() : '';
  if (!email) throw badInput({ serviceAccountKey: 'The key file has no client_email.' });
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw badInput({ serviceAccountKey: 'The key file’s client_email is not an e-mail address.' });
  if (typeof key.private_key !== 'string' || !key.private_key.trim()) throw badInput({ serviceAccountKey: 'The key file has no private_key.' });
  const keyId = typeof key.private_key_id === 'string' ? key.private_key_id.trim() : '';
  if (!keyId) throw badInput({ serviceAccountKey: 'The key file has no private_key_id.' });
  let privateKey: crypto.KeyObject;
  try {
    privateKey = crypto.createPrivateKey({ key: key.private_key, format: 'pem' });
  } catch {
    throw badInput({ serviceAccountKey: 'The private_key in the key file is not a readable PEM private key.' });
  }
  if (privateKey.asymmetricKeyType !== 'rsa')
    throw badInput({ serviceAccountKey: 'The private_key in the key file is not an RSA key, as Google service-account keys are.' });
  return { source: 'partner', issuerId, serviceAccountEmail: email, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), keyId };
}

// --- Off the event loop ------------------------------------------------------------------------------------------------

/**
 * How long reading one uploaded credentials file may take in its worker. A real file takes tens of milliseconds; the
 * most key derivation accepted is about a second of node-forge, several on a busy machine (measured by the benchmark).
 */
export const CREDENTIAL_PARSE_TIMEOUT_MS = 10_000;

const thisModule = new URL(import.meta.url);

/** A worker's refusal for a file it had to stop reading, on the upload's field. */
function stopped(error: unknown, field: string, what: string, fileName: string | null): never {
  if (error instanceof WorkerLimitExceeded) {
    throw badInput({
      [field]:
        error.limit === 'time'
          ? `Reading the ${what} file${named(fileName)} took longer than ${CREDENTIAL_PARSE_TIMEOUT_MS / 1000} s and was stopped. Export it again with the usual settings and upload that.`
          : `Reading the ${what} file${named(fileName)} needed more memory than any real one and was stopped. Export it again and upload that.`,
    });
  }
  throw error;
}

type AppleUploadInput = Omit<Parameters<typeof parseAppleUpload>[0], 'bytes'> & { bytes: Uint8Array };

/** parseAppleUpload in the worker thread (the bytes arrive as a Uint8Array). */
export function parseAppleUploadTask(input: AppleUploadInput): AppleSigningMaterial {
  return parseAppleUpload({ ...input, bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength) });
}

/** parseGoogleUpload in the worker thread. */
export function parseGoogleUploadTask(input: { bytes: Uint8Array; issuerId: string }): GoogleSigningMaterial {
  return parseGoogleUpload({ ...input, bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength) });
}

/** The partner's Apple credentials from an uploaded file, read off the event loop with a time limit. */
export async function readAppleUpload(input: AppleUploadInput): Promise<AppleSigningMaterial> {
  try {
    return await runInWorker<AppleSigningMaterial>(thisModule, 'parseAppleUploadTask', input, { timeoutMs: CREDENTIAL_PARSE_TIMEOUT_MS });
  } catch (error) {
    return stopped(error, 'certificate', 'certificate', input.fileName ?? null);
  }
}

/** The partner's Google credentials from an uploaded key file, read off the event loop with a time limit. */
export async function readGoogleUpload(input: { bytes: Uint8Array; issuerId: string; fileName?: string | null }): Promise<GoogleSigningMaterial> {
  try {
    return await runInWorker<GoogleSigningMaterial>(
      thisModule,
      'parseGoogleUploadTask',
      { bytes: input.bytes, issuerId: input.issuerId },
      {
        timeoutMs: CREDENTIAL_PARSE_TIMEOUT_MS,
      },
    );
  } catch (error) {
    return stopped(error, 'serviceAccountKey', 'service-account key', input.fileName ?? null);
  }
}
