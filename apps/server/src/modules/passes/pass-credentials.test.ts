import crypto from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { withIterations } from '../../../test/hostile-files.ts';
import { generateDevelopmentAppleCredentials, generateDevelopmentGoogleCredentials, parseAppleUpload, parseGoogleUpload } from './pass-credentials.ts';

const PROJECT = '12345678-aaaa-4bbb-8ccc-1234567890ab';
const fieldsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { extensions?: { fields?: Record<string, string> } }).extensions?.fields;
  }
  throw new Error('expected a refusal');
};

describe('pass credentials', () => {
  const apple = generateDevelopmentAppleCredentials(PROJECT);
  const pem = apple.signerCertPem + apple.signerKeyPem + apple.wwdrPem;
  const p12 = (password: string) =>
    Buffer.from(
      forge.asn1
        .toDer(
          forge.pkcs12.toPkcs12Asn1(
            forge.pki.privateKeyFromPem(apple.signerKeyPem),
            [forge.pki.certificateFromPem(apple.signerCertPem), forge.pki.certificateFromPem(apple.wwdrPem)],
            password,
            { algorithm: '3des' },
          ),
        )
        .getBytes(),
      'binary',
    );
  const upload = (bytes: Buffer, password: string | null, overrides: Partial<Parameters<typeof parseAppleUpload>[0]> = {}) =>
    parseAppleUpload({ bytes, password, passTypeIdentifier: apple.passTypeIdentifier, teamIdentifier: 'RAMPARTDEV', ...overrides });

  it('generates development credentials: a CA marked as not Apple’s, a pass type certificate it issued', () => {
    expect(apple.passTypeIdentifier).toBe('pass.dev.rampart.12345678');
    expect(apple.teamIdentifier).toBe('RAMPARTDEV');
    const ca = new crypto.X509Certificate(apple.wwdrPem);
    const signer = new crypto.X509Certificate(apple.signerCertPem);
    expect(ca.subject).toContain('Rampart Development Pass CA (not Apple WWDR)');
    expect(signer.checkIssued(ca) && signer.verify(ca.publicKey)).toBe(true);
    expect(signer.checkPrivateKey(crypto.createPrivateKey(apple.signerKeyPem))).toBe(true);
    expect(apple.certificateSubject).toContain('UID=pass.dev.rampart.12345678');
    const google = generateDevelopmentGoogleCredentials(PROJECT);
    expect(google).toMatchObject({ issuerId: 'rampart-dev', serviceAccountEmail: `rampart-dev@${PROJECT}.passes.invalid` });
    expect(crypto.createPrivateKey(google.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('reads a .p12 with its password and a PEM with certificate and key', () => {
    expect(upload(p12('s3cret'), 's3cret')).toMatchObject({
      source: 'partner',
      passTypeIdentifier: apple.passTypeIdentifier,
      signerCertPem: expect.stringContaining('BEGIN CERTIFICATE'),
    });
    expect(upload(Buffer.from(pem), null).wwdrPem).toContain('BEGIN CERTIFICATE');
  });

  it('refuses each problem with its own message', () => {
    expect(fieldsOf(() => upload(p12('s3cret'), 'wrong'))).toEqual({ certificatePassword: expect.stringContaining('password does not open') });
    expect(fieldsOf(() => upload(Buffer.from(apple.signerCertPem + apple.wwdrPem), null))).toEqual({ certificate: expect.stringContaining('no private key') });
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(fieldsOf(() => upload(Buffer.from(apple.signerCertPem + other + apple.wwdrPem), null))).toEqual({
      certificate: expect.stringContaining('does not match'),
    });
    expect(fieldsOf(() => upload(Buffer.from(pem), null, { now: new Date(Date.now() + 6 * 365 * 86_400_000) }))).toEqual({
      certificate: expect.stringContaining('expired'),
    });
    expect(fieldsOf(() => upload(Buffer.from(pem), null, { passTypeIdentifier: 'pass.com.example.other' }))).toEqual({
      passTypeIdentifier: expect.stringContaining('not pass.com.example.other'),
    });
    expect(fieldsOf(() => upload(Buffer.from('hello'), null))).toEqual({ certificate: expect.stringContaining('neither a .p12') });
    // A certificate without a pass type UID (the CA itself, with its key).
    const caKeyless = apple.wwdrPem + apple.signerKeyPem;
    expect(fieldsOf(() => upload(Buffer.from(caKeyless), null))).toEqual({ certificate: expect.stringContaining('does not match') });
  });

  it('refuses a .p12 or an encrypted key asking for millions of key-derivation iterations, before deriving anything', () => {
    // The attacker's file: the MAC's count at 8,388,607 (19 s of node-forge).
    expect(fieldsOf(() => upload(withIterations(p12('s3cret'), 8_388_607, 'mac'), 's3cret', { fileName: 'pass.p12' }))).toEqual({
      certificate:
        'The certificate file “pass.p12” asks for 8,388,607 key-derivation iterations (the MAC): at most 100,000 are accepted. Export it again with the usual settings (OpenSSL uses 2,048).',
    });
    // The shrouded key bag's count, inside the authenticated safe's nested DER.
    expect(fieldsOf(() => upload(withIterations(p12('s3cret'), 5_000_000, 'keys'), 's3cret'))).toEqual({
      certificate: expect.stringContaining('asks for 5,000,000 key-derivation iterations (PKCS#12 key encryption): at most 100,000'),
    });
    // Each count under the bound, but too much in all: three key bags at 100,000 (a key and an IV each) and the MAC.
    expect(fieldsOf(() => upload(withIterations(p12('s3cret'), 100_000, 'keys', { keyBags: 3 }), 's3cret'))).toEqual({
      certificate: expect.stringContaining('key-derivation iterations in all: at most 500,000 are accepted'),
    });
    // An encrypted PKCS#8 key in a PEM file: OpenSSL would derive natively, where nothing could stop it.
    const encrypted = crypto.createPrivateKey(apple.signerKeyPem).export({ type: 'pkcs8', format: 'der', cipher: 'aes-256-cbc', passphrase: 's3cret' });
    const hostileKey = `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${withIterations(encrypted, 20_000_000, 'keys').toString('base64')}\n-----END ENCRYPTED PRIVATE KEY-----\n`;
    expect(fieldsOf(() => upload(Buffer.from(apple.signerCertPem + hostileKey + apple.wwdrPem), 's3cret', { fileName: 'pass.pem' }))).toEqual({
      certificate: expect.stringContaining('“pass.pem” asks for 20,000,000 key-derivation iterations (PBKDF2): at most 100,000'),
    });
    // The same key at OpenSSL's own count opens.
    const fineKey = `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${encrypted.toString('base64')}\n-----END ENCRYPTED PRIVATE KEY-----\n`;
    expect(upload(Buffer.from(apple.signerCertPem + fineKey + apple.wwdrPem), 's3cret').source).toBe('partner');
  });

  it('reads a Google service-account key file and refuses incomplete ones', () => {
    const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const file = { type: 'service_account', client_email: 'wallet@example.iam.gserviceaccount.com', private_key: key, private_key_id: 'abc123' };
    expect(parseGoogleUpload({ bytes: Buffer.from(JSON.stringify(file)), issuerId: '3388000000012345678' })).toMatchObject({
      source: 'partner',
      serviceAccountEmail: file.client_email,
      keyId: 'abc123',
    });
    const refuse = (body: unknown, issuerId = '3388000000012345678') =>
      fieldsOf(() => parseGoogleUpload({ bytes: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), issuerId }));
    expect(refuse('not json')).toEqual({ serviceAccountKey: expect.stringContaining('not JSON') });
    expect(refuse({ ...file, client_email: undefined })).toEqual({ serviceAccountKey: 'The key file has no client_email.' });
    expect(refuse({ ...file, private_key: undefined })).toEqual({ serviceAccountKey: 'The key file has no private_key.' });
    expect(refuse({ ...file, type: 'authorized_user' })).toEqual({ serviceAccountKey: expect.stringContaining('service_account') });
    expect(refuse(file, 'abc')).toEqual({ issuerId: expect.stringContaining('issuer ID') });
  });
});
