import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { PassCredentialSource } from '@rampart/shared/passes';
import type { Database } from '../../db/client.ts';
import { passProjectCredentials } from '../../db/schema/passes.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { describeCertificate } from './pass-credential-uploads.ts';

export { parseAppleUpload, parseGoogleUpload, readAppleUpload, readGoogleUpload } from './pass-credential-uploads.ts';

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
