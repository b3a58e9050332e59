import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { PASS_CREDENTIAL_MAX_BYTES, type PassCredentialSource } from '@rampart/shared/passes';
import type { Database } from '../../db/client.ts';
import { passProjectCredentials } from '../../db/schema/passes.ts';
import { badInput } from '../../graphql/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/**
 * A pass project's wallet credentials (issue 17). Without the partner's own, Rampart generates development ones at project
 * creation: a self-signed CA standing in for Apple's WWDR intermediate, a pass type certificate it issues, and an RSA key
 * for a made-up Google service account. Passes signed with them open in previews and tests; no real wallet accepts them.
 * Every private key and certificate is stored encrypted with the secret box.
 */

export const DEVELOPMENT_CA_NAME = 'Rampart Development Pass CA (not Apple WWDR)';
export const DEVELOPMENT_TEAM_IDENTIFIER = 'RAMPARTDEV';
export const DEVELOPMENT_GOOGLE_ISSUER_ID = 'rampart-dev';
const DEVELOPMENT_ORGANIZATION = 'Rampart development credentials (not accepted by Apple Wallet)';
const DEVELOPMENT_VALIDITY_YEARS = 5;
/** Subject attribute "UID" (userId): Apple puts the pass type identifier there. */
const UID_OID = '0.9.2342.19200300.100.1.1';

export interface AppleSigningMaterial {
  source: PassCredentialSource;
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCertPem: string;
  /** PKCS#8 PEM. */
  signerKeyPem: string;
  /** The certificate that issued the signer's (Apple's WWDR intermediate; Rampart's development CA in test mode). */
  wwdrPem: string;
  certificateSubject: string;
  certificateExpiresAt: Date;
}

export interface GoogleSigningMaterial {
  source: PassCredentialSource;
  issuerId: string;
  serviceAccountEmail: string;
  /** PKCS#8 PEM (jose's importPKCS8 takes it). */
  privateKeyPem: string;
  keyId: string;
}

/** What the pass files (the .pkpass signature and the Google save JWT) are signed with. */
export interface PassCredentials {
  apple: Pick<AppleSigningMaterial, 'source' | 'passTypeIdentifier' | 'teamIdentifier' | 'signerCertPem' | 'signerKeyPem' | 'wwdrPem'>;
  google: GoogleSigningMaterial;
}

export const developmentPassTypeIdentifier = (projectId: string) => `pass.dev.rampart.${projectId.replace(/-/g, '').slice(0, 8).toLowerCase()}`;
export const developmentServiceAccountEmail = (projectId: string) => `rampart-dev@${projectId}.passes.invalid`;

/** An RSA-2048 key pair from node:crypto (native, ~20x faster than forge's), as forge keys and PKCS#8 PEM. */
function rsaKeyPair() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    privatePem,
    forgePrivate: forge.pki.privateKeyFromPem(privatePem),
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

function serialNumberHex(): string {
  // Positive (leading bit clear), 16 bytes.
  const bytes = crypto.randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function validity(certificate: forge.pki.Certificate) {
  const now = new Date();
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + DEVELOPMENT_VALIDITY_YEARS);
  certificate.validity.notAfter = notAfter;
}

/** Rampart's development Apple credentials for a project: its own CA and a pass type certificate issued by it. */
export function generateDevelopmentAppleCredentials(projectId: string): AppleSigningMaterial {
  const passTypeIdentifier = developmentPassTypeIdentifier(projectId);
  const caKeys = rsaKeyPair();
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.forgePublic;
  ca.serialNumber = serialNumberHex();
  validity(ca);
  const caSubject = [
    { name: 'commonName', value: DEVELOPMENT_CA_NAME },
    { name: 'organizationName', value: 'Rampart (development only)' },
  ];
  ca.setSubject(caSubject);
  ca.setIssuer(caSubject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKeys.forgePrivate, forge.md.sha256.create());

  const signerKeys = rsaKeyPair();
  const signer = forge.pki.createCertificate();
  signer.publicKey = signerKeys.forgePublic;
  signer.serialNumber = serialNumberHex();
  validity(signer);
  signer.setSubject([
    { type: UID_OID, value: passTypeIdentifier },
    { name: 'commonName', value: `Pass Type ID: ${passTypeIdentifier}` },
    { name: 'organizationalUnitName', value: DEVELOPMENT_TEAM_IDENTIFIER },
    { name: 'organizationName', value: DEVELOPMENT_ORGANIZATION },
  ]);
  signer.setIssuer(caSubject);
  signer.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  signer.sign(caKeys.forgePrivate, forge.md.sha256.create());

  const signerCertPem = forge.pki.certificateToPem(signer);
  const described = describeCertificate(new crypto.X509Certificate(signerCertPem));
  return {
    source: 'development',
    passTypeIdentifier,
    teamIdentifier: DEVELOPMENT_TEAM_IDENTIFIER,
    signerCertPem,
    signerKeyPem: signerKeys.privatePem,
    wwdrPem: forge.pki.certificateToPem(ca),
    certificateSubject: described.subject,
    certificateExpiresAt: described.expiresAt,
  };
}

/** Rampart's development Google credentials: a fresh RSA-2048 key for a service account that does not exist. */
export function generateDevelopmentGoogleCredentials(projectId: string): GoogleSigningMaterial {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return {
    source: 'development',
    issuerId: DEVELOPMENT_GOOGLE_ISSUER_ID,
    serviceAccountEmail: developmentServiceAccountEmail(projectId),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyId: crypto.createHash('sha256').update(spki).digest('hex').slice(0, 40),
  };
}

// --- Partner uploads -------------------------------------------------------------------------------------------------

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

function describeCertificate(certificate: crypto.X509Certificate) {
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

function readP12(bytes: Buffer, password: string | null): CertificateAndKeys {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password ?? '');
  } catch (error) {
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

function readPem(text: string, password: string | null): CertificateAndKeys {
  const blocks = [...text.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g)];
  const certificates = blocks.filter((block) => block[1] === 'CERTIFICATE').map((block) => `${block[0]}\n`);
  const keys: crypto.KeyObject[] = [];
  for (const block of blocks.filter((each) => /PRIVATE KEY$/.test(each[1]!))) {
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
  const read = text.includes('-----BEGIN ') ? readPem(text, password) : readP12(bytes, password);

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

// --- Storage ---------------------------------------------------------------------------------------------------------

/** The pass_project_credentials columns of Apple material, its secrets encrypted. */
export function appleColumns(secretBox: SecretBox, apple: AppleSigningMaterial) {
  return {
    appleSource: apple.source,
    applePassTypeIdentifier: apple.passTypeIdentifier,
    appleTeamIdentifier: apple.teamIdentifier,
    appleSigningEncrypted: secretBox.encrypt(JSON.stringify({ signerCertPem: apple.signerCertPem, signerKeyPem: apple.signerKeyPem, wwdrPem: apple.wwdrPem })),
    appleCertificateSubject: apple.certificateSubject,
    appleCertificateExpiresAt: apple.certificateExpiresAt,
  };
}

/** The pass_project_credentials columns of Google material, its key encrypted. */
export function googleColumns(secretBox: SecretBox, google: GoogleSigningMaterial) {
  return {
    googleSource: google.source,
    googleIssuerId: google.issuerId,
    googleServiceAccountEmail: google.serviceAccountEmail,
    googleKeyEncrypted: secretBox.encrypt(JSON.stringify({ privateKeyPem: google.privateKeyPem, keyId: google.keyId })),
  };
}

/** A new project's development credentials, ready to insert (about 0.2 s: three native RSA-2048 key pairs). */
export function developmentCredentialsRow(secretBox: SecretBox, projectId: string, userId: string | null): typeof passProjectCredentials.$inferInsert {
  return {
    projectId,
    ...appleColumns(secretBox, generateDevelopmentAppleCredentials(projectId)),
    ...googleColumns(secretBox, generateDevelopmentGoogleCredentials(projectId)),
    updatedByUserId: userId,
  };
}

/** A project's credentials, decrypted, for signing its pass files. Throws when the project has none. */
export async function loadPassCredentials(db: Pick<Database, 'select'>, secretBox: SecretBox, projectId: string): Promise<PassCredentials> {
  const [row] = await db.select().from(passProjectCredentials).where(eq(passProjectCredentials.projectId, projectId)).limit(1);
  if (!row) throw new Error(`Pass project ${projectId} has no credentials`);
  const apple = JSON.parse(secretBox.decrypt(row.appleSigningEncrypted)) as { signerCertPem: string; signerKeyPem: string; wwdrPem: string };
  const google = JSON.parse(secretBox.decrypt(row.googleKeyEncrypted)) as { privateKeyPem: string; keyId: string };
  return {
    apple: {
      source: row.appleSource,
      passTypeIdentifier: row.applePassTypeIdentifier,
      teamIdentifier: row.appleTeamIdentifier,
      signerCertPem: apple.signerCertPem,
      signerKeyPem: apple.signerKeyPem,
      wwdrPem: apple.wwdrPem,
    },
    google: {
      source: row.googleSource,
      issuerId: row.googleIssuerId,
      serviceAccountEmail: row.googleServiceAccountEmail,
      privateKeyPem: google.privateKeyPem,
      keyId: google.keyId,
    },
  };
}
