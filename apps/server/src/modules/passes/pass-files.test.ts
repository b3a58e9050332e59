import crypto, { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { importSPKI, jwtVerify } from 'jose';
import { PNG } from 'pngjs';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { passes, passProjectApiKeys, passProjectCredentials, passProjects, passTemplates } from '../../db/schema/passes.ts';
import { DEVELOPMENT_CA_NAME, developmentCredentialsRow, loadPassCredentials } from './pass-credentials.ts';
import { hashToken } from './pass-files.ts';
import type { PassRow } from './pass-lifecycle.ts';

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto }));

let t: TestApp;
let pass: PassRow;
let projectId: string;
let key: string;

function certificateOf(pem: string): pkijs.Certificate {
  const der = Buffer.from(pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, ''), 'base64');
  return pkijs.Certificate.fromBER(new Uint8Array(der));
}

beforeAll(async () => {
  t = await startTestApp();
  const { accountId } = await accountWithMember(t);
  const db = t.database.db;
  const [project] = await db.insert(passProjects).values({ accountId, name: 'Files club' }).returning();
  projectId = project!.id;
  await db.insert(passProjectCredentials).values(developmentCredentialsRow(t.app.services.secretBox, projectId, null));
  const logo = new PNG({ width: 10, height: 10 });
  logo.data.fill(200);
  const logoKey = await t.app.services.passFiles.storage.put(PNG.sync.write(logo), 'image/png');
  const [template] = await db
    .insert(passTemplates)
    .values({
      projectId,
      name: 'Ticket',
      style: 'eventTicket',
      organizationName: 'Files Club',
      description: 'Concert ticket',
      colors: { background: 'rgb(10, 20, 30)', foreground: '#ffffff', label: '#ccc' },
      fields: {
        headerFields: [{ key: 'row', label: 'Row', value: 'B' }],
        primaryFields: [{ key: 'holder', label: 'Holder', value: '{{holder}}' }],
        secondaryFields: [{ key: 'token', label: 'Token', value: '{{tokenId}}' }],
        auxiliaryFields: [],
        backFields: [{ key: 'project', label: 'Project', value: '{{project}}' }],
      },
      logoImageKey: logoKey,
    })
    .returning();
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(passes)
    .values({
      id,
      projectId,
      accountId,
      templateId: template!.id,
      holderAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      tokenId: '7',
      chainId: 31337,
      networkCode: 'local_evm',
      serialNumber: crypto.randomBytes(12).toString('hex'),
      authenticationTokenHash: t.app.services.passFiles.authenticationTokenHash(id),
      barcodeMessage: 'FILES-1',
      barcodeFormat: 'QR',
      signedMessage: 'm',
      signature: '0x',
    })
    .returning();
  pass = row!;
  key = `pass_sk_${crypto.randomBytes(24).toString('base64url')}`;
  await db
    .insert(passProjectApiKeys)
    .values({ projectId, name: 'k', keyPrefix: key.slice(0, 14), keyHash: crypto.createHash('sha256').update(key).digest('hex') });
});

afterAll(async () => {
  await t?.close();
});

describe('the .pkpass', () => {
  it('is a signed archive: manifest hashes match, the PKCS#7 signature verifies and chains to the development CA', async () => {
    const response = await fetch(`${t.baseUrl}/passes-api/v1/passes/${pass.id}/pkpass`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['icon.png', 'icon@2x.png', 'logo.png', 'manifest.json', 'pass.json', 'signature']);

    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, string>;
    const hashed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed) expect(manifest[name], name).toBe(crypto.createHash('sha1').update(files[name]!).digest('hex'));

    const credentials = await loadPassCredentials(t.database.db, t.app.services.secretBox, projectId);
    const passJson = JSON.parse(strFromU8(files['pass.json']!));
    expect(passJson).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: credentials.apple.passTypeIdentifier,
      teamIdentifier: credentials.apple.teamIdentifier,
      serialNumber: pass.serialNumber,
      webServiceURL: 'http://localhost:3000/passes-api/apple',
      organizationName: 'Files Club',
      backgroundColor: 'rgb(10, 20, 30)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(204, 204, 204)',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: 'FILES-1' }],
    });
    expect(hashToken(passJson.authenticationToken)).toBe(pass.authenticationTokenHash);
    expect(passJson.voided).toBeUndefined();
    expect(passJson.eventTicket.primaryFields[0]).toMatchObject({ key: 'holder', value: pass.holderAddress });
    expect(passJson.eventTicket.secondaryFields[0]).toMatchObject({ value: '7' });
    expect(passJson.eventTicket.backFields[0]).toMatchObject({ value: 'Files club' });

    const ca = certificateOf(credentials.apple.wwdrPem);
    expect(ca.subject.typesAndValues.map((each) => each.value.valueBlock.value).join(' ')).toContain(DEVELOPMENT_CA_NAME);
    const signature = files.signature!;
    const contentInfo = new pkijs.ContentInfo({ schema: asn1js.fromBER(new Uint8Array(signature)).result });
    const signed = new pkijs.SignedData({ schema: contentInfo.content });
    expect(signed.encapContentInfo.eContent).toBeUndefined(); // detached
    const verified = await signed.verify({
      signer: 0,
      data: new Uint8Array(files['manifest.json']!).buffer,
      trustedCerts: [ca],
      checkChain: true,
      extendedMode: true,
    });
    expect(verified.signatureVerified).toBe(true);
    const signer = certificateOf(credentials.apple.signerCertPem);
    expect(Buffer.from(verified.signerCertificate!.toSchema().toBER()).equals(Buffer.from(signer.toSchema().toBER()))).toBe(true);
    const chain = new pkijs.CertificateChainValidationEngine({ trustedCerts: [ca], certs: [signer] });
    expect((await chain.verify()).result).toBe(true);

    // A signature over other bytes does not verify.
    const tampered = await signed
      .verify({ signer: 0, data: new TextEncoder().encode('{}').buffer, trustedCerts: [ca], checkChain: true, extendedMode: true })
      .catch(() => ({ signatureVerified: false }));
    expect(tampered.signatureVerified).toBe(false);
  });

  it('is voided once the pass is invalidated, and the signed dashboard link serves it until it expires', async () => {
    await t.database.pool.query(`update passes set status = 'invalidated', invalidated_reason = 'invalidatedByPartner', invalidated_at = now() where id = $1`, [
      pass.id,
    ]);
    const link = t.app.services.passFiles.appleWalletUrl(pass);
    const response = await fetch(`${t.baseUrl}${link}`);
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(JSON.parse(strFromU8(files['pass.json']!)).voided).toBe(true);
    const expired = t.app.services.passFiles.appleWalletUrl(pass, Date.now() - 3_600_000);
    expect((await fetch(`${t.baseUrl}${expired}`)).status).toBe(403);
    await t.database.pool.query(`update passes set status = 'active', invalidated_reason = null, invalidated_at = null where id = $1`, [pass.id]);
  });
});

describe('the Google Wallet save link', () => {
  it("is a JWT that verifies with the issuer's public key and carries the generic object", async () => {
    const [row] = (await t.database.pool.query(`select * from passes where id = $1`, [pass.id])).rows;
    expect(row).toBeTruthy();
    const url = await t.app.services.passFiles.googleWalletUrl(pass);
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const credentials = await loadPassCredentials(t.database.db, t.app.services.secretBox, projectId);
    const publicPem = crypto.createPublicKey(credentials.google.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(publicPem, 'RS256'), {
      issuer: credentials.google.serviceAccountEmail,
      audience: 'google',
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: credentials.google.keyId });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['http://localhost:3000'] });
    const object = (payload.payload as { genericObjects: Array<Record<string, any>> }).genericObjects[0]!;
    expect(object).toMatchObject({
      id: `${credentials.google.issuerId}.${pass.serialNumber}`,
      classId: `${credentials.google.issuerId}.rampart_${pass.templateId}`,
      state: 'ACTIVE',
      cardTitle: { defaultValue: { value: 'Files Club' } },
      header: { defaultValue: { value: pass.holderAddress } },
      barcode: { type: 'QR_CODE', value: 'FILES-1' },
      hexBackgroundColor: '#0a141e',
    });
    expect(object.textModulesData.map((module: { header: string }) => module.header)).toEqual(['Row', 'Token', 'Project']);

    // Another key does not verify it.
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await expect(jwtVerify(jwt, await importSPKI(other, 'RS256'))).rejects.toThrow();
  });

  it("carries the template's generic class beside the object (Google creates it on a save): one class id, the issuer's prefix", async () => {
    const url = await t.app.services.passFiles.googleWalletUrl(pass);
    const credentials = await loadPassCredentials(t.database.db, t.app.services.secretBox, projectId);
    const publicPem = crypto.createPublicKey(credentials.google.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
    const { payload } = await jwtVerify(url.slice('https://pay.google.com/gp/v/save/'.length), await importSPKI(publicPem, 'RS256'), {
      issuer: credentials.google.serviceAccountEmail,
      audience: 'google',
      typ: 'JWT',
    });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['http://localhost:3000'] });
    expect(typeof payload.iat).toBe('number');
    const saved = payload.payload as { genericClasses?: Array<Record<string, unknown>>; genericObjects: Array<Record<string, unknown>> };
    expect(Object.keys(saved).sort()).toEqual(['genericClasses', 'genericObjects']);
    expect(saved.genericClasses).toEqual([
      { id: `${credentials.google.issuerId}.rampart_${pass.templateId}`, multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES' },
    ]);
    expect(saved.genericObjects).toHaveLength(1);
    expect(saved.genericObjects[0]!.classId).toBe(saved.genericClasses![0]!.id);
    for (const id of [saved.genericClasses![0]!.id, saved.genericObjects[0]!.id]) expect(String(id).startsWith(`${credentials.google.issuerId}.`)).toBe(true);
  });
});
