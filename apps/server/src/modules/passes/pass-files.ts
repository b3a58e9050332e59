import crypto from 'node:crypto';
import { PNG } from 'pngjs';
import { PKPass } from 'passkit-generator';
import { importPKCS8, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { PASS_FIELD_GROUPS, type PassBarcodeFormat, type PassFields, type PassStyle, type PassTemplateColors } from '@rampart/shared/passes';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { passes, passProjects, passTemplates } from '../../db/schema/passes.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import { loadKeyEncryptionKeys, type SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/uuid.ts';
import { renderPassFields } from './pass-fields.ts';
import { loadPassCredentials } from './pass-credentials.ts';
import { createGoogleWalletClient } from './google-wallet.ts';
import type { PassRow } from './pass-lifecycle.ts';
import { fileLinkKey } from '../../lib/file-link-key.ts';

export type PassTemplateRow = typeof passTemplates.$inferSelect;
export type PassProjectRow = typeof passProjects.$inferSelect;
export type PassCredentials = Awaited<ReturnType<typeof loadPassCredentials>>;

/**
 * The wallet files of a pass: the signed Apple `.pkpass` (passkit-generator: manifest.json with the SHA-1 of every
 * file, a detached PKCS#7 `signature` over it by the project's signer certificate) and the Google Wallet "save" link
 * (a JWT signed RS256 with the issuer's service-account key). Also the short-lived signed download links the dashboard
 * hands out, and each pass's Apple web-service authentication token.
 */

const APPLE_BARCODE: Record<PassBarcodeFormat, string> = {
  QR: 'PKBarcodeFormatQR',
  PDF417: 'PKBarcodeFormatPDF417',
  AZTEC: 'PKBarcodeFormatAztec',
  CODE128: 'PKBarcodeFormatCode128',
};
const GOOGLE_BARCODE: Record<PassBarcodeFormat, string> = { QR: 'QR_CODE', PDF417: 'PDF_417', AZTEC: 'AZTEC', CODE128: 'CODE_128' };

/** [r, g, b] of a CSS `rgb(r, g, b)` or `#rrggbb` / `#rgb` colour; black when unreadable. */
export function parseColor(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return [0, 2, 4].map((offset) => Number.parseInt(digits.slice(offset, offset + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value.trim());
  if (rgb) return [1, 2, 3].map((index) => Math.min(255, Number(rgb[index]))) as [number, number, number];
  return [0, 0, 0];
}
const cssRgb = (value: string) => `rgb(${parseColor(value).join(', ')})`;
const cssHex = (value: string) =>
  `#${parseColor(value)
    .map((part) => part.toString(16).padStart(2, '0'))
    .join('')}`;

/** A plain square PNG in the pass's background colour: Apple requires icon.png, and a template may have none. */
export function defaultIconPng(colors: PassTemplateColors, size = 58): Buffer {
  const png = new PNG({ width: size, height: size });
  const [r, g, b] = parseColor(colors.background);
  const [fr, fg, fb] = parseColor(colors.foreground);
  const inset = Math.round(size * 0.3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const index = (size * y + x) << 2;
      const inner = x >= inset && x < size - inset && y >= inset && y < size - inset;
      png.data[index] = inner ? fr : r;
      png.data[index + 1] = inner ? fg : g;
      png.data[index + 2] = inner ? fb : b;
      png.data[index + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Apple's field shape; keys made unique across groups (Apple refuses a pass with two fields of one key). */
function appleFields(fields: PassFields) {
  const seen = new Set<string>();
  const groups: Record<string, Array<{ key: string; label: string; value: string }>> = {};
  for (const group of PASS_FIELD_GROUPS) {
    groups[group] = (fields[group] ?? []).map((field, index) => {
      let key = field.key || `${group}-${index}`;
      while (seen.has(key)) key = `${key}-${index}`;
      seen.add(key);
      return { key, label: field.label, value: field.value };
    });
  }
  return groups;
}

export interface PassFileInputs {
  pass: PassRow;
  template: PassTemplateRow;
  project: PassProjectRow;
  credentials: PassCredentials;
  /** The web-service token written into pass.json. */
  authenticationToken: string;
  publicUrl: string;
  storage: FileStorage;
}

/** The signed .pkpass archive of a pass (voided once the pass is invalidated). */
export async function buildPkpass(input: PassFileInputs): Promise<Buffer> {
  const { pass, template, project, credentials, storage } = input;
  const fields = renderPassFields(template, pass, project);
  const style: PassStyle = template.style;
  const passJson: Record<string, unknown> = {
    formatVersion: 1,
    passTypeIdentifier: credentials.apple.passTypeIdentifier,
    teamIdentifier: credentials.apple.teamIdentifier,
    serialNumber: pass.serialNumber,
    authenticationToken: input.authenticationToken,
    webServiceURL: `${input.publicUrl.replace(/\/$/, '')}/passes-api/apple`,
    organizationName: template.organizationName,
    description: template.description,
    ...(template.logoText ? { logoText: template.logoText } : {}),
    backgroundColor: cssRgb(template.colors.background),
    foregroundColor: cssRgb(template.colors.foreground),
    labelColor: cssRgb(template.colors.label),
    barcodes: [
      { format: APPLE_BARCODE[pass.barcodeFormat], message: pass.barcodeMessage, messageEncoding: 'iso-8859-1', altText: pass.barcodeMessage.slice(0, 60) },
    ],
    ...(pass.status === 'invalidated' ? { voided: true } : {}),
    [style]: appleFields(fields),
  };
  const files: Record<string, Buffer> = { 'pass.json': Buffer.from(JSON.stringify(passJson)) };
  const icon = template.iconImageKey ? await storage.get(template.iconImageKey) : null;
  files['icon.png'] = icon ?? defaultIconPng(template.colors);
  files['icon@2x.png'] = icon ?? defaultIconPng(template.colors, 116);
  const logo = template.logoImageKey ? await storage.get(template.logoImageKey) : null;
  if (logo) files['logo.png'] = logo;
  const strip = template.stripImageKey ? await storage.get(template.stripImageKey) : null;
  if (strip && style !== 'generic') files['strip.png'] = strip;
  // The pass's own image: a thumbnail where the style shows one, else its strip.
  const image = pass.imageKey ? await storage.get(pass.imageKey) : null;
  if (image) files[style === 'generic' || style === 'eventTicket' ? 'thumbnail.png' : 'strip.png'] = image;

  const pkpass = new PKPass(files, {
    wwdr: credentials.apple.wwdrPem,
    signerCert: credentials.apple.signerCertPem,
    signerKey: credentials.apple.signerKeyPem,
  });
  return pkpass.getAsBuffer();
}

/** Google object and class ids: `<issuerId>.<suffix>` with only letters, digits, '.', '_' and '-'. */
const googleSuffix = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '_');

/** The id of a template's Google Wallet class: `<issuerId>.rampart_<templateId>`. */
export const googleClassId = (issuerId: string, templateId: string) => `${issuerId}.${googleSuffix(`rampart_${templateId}`)}`;

/**
 * The Google Wallet class of a template's passes (a generic class: the object carries what the pass shows), as the save
 * JWT carries it and the REST API stores it. Each pass is one holder's (as on Apple Wallet): one user, all their devices.
 */
export function googleGenericClass(input: { credentials: Pick<PassCredentials, 'google'>; template: Pick<PassTemplateRow, 'id'> }) {
  return { id: googleClassId(input.credentials.google.issuerId, input.template.id), multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES' };
}

/** The Google Wallet object of a pass (a generic pass), as the save JWT carries it. */
export function googleGenericObject(input: Omit<PassFileInputs, 'authenticationToken' | 'storage'>) {
  const { pass, template, project, credentials } = input;
  const fields = renderPassFields(template, pass, project);
  const issuerId = credentials.google.issuerId;
  const text = (value: string) => ({ defaultValue: { language: 'en-US', value: value || ' ' } });
  const header = fields.primaryFields[0]?.value || template.logoText || project.name;
  const modules = [...fields.headerFields, ...fields.secondaryFields, ...fields.auxiliaryFields, ...fields.backFields]
    .slice(0, 10)
    .map((field, index) => ({ id: googleSuffix(field.key || `field_${index}`), header: field.label || ' ', body: field.value || ' ' }));
  return {
    id: `${issuerId}.${googleSuffix(pass.serialNumber)}`,
    classId: googleClassId(issuerId, template.id),
    state: pass.status === 'invalidated' ? 'INACTIVE' : 'ACTIVE',
    cardTitle: text(template.organizationName),
    header: text(header),
    ...(fields.primaryFields[0]?.label ? { subheader: text(fields.primaryFields[0].label) } : {}),
    barcode: { type: GOOGLE_BARCODE[pass.barcodeFormat], value: pass.barcodeMessage, alternateText: pass.barcodeMessage.slice(0, 60) },
    hexBackgroundColor: cssHex(template.colors.background),
    textModulesData: modules,
  };
}

/**
 * Google Wallet's "save to wallet" link: https://pay.google.com/gp/v/save/<JWT signed with the issuer's key>. The JWT
 * carries the class with the object (Google creates a class it does not have yet when the pass is saved).
 */
export async function googleSaveUrl(input: Omit<PassFileInputs, 'authenticationToken' | 'storage'>): Promise<string> {
  const { credentials } = input;
  const key = await importPKCS8(credentials.google.privateKeyPem, 'RS256');
  const jwt = await new SignJWT({
    origins: [new URL(input.publicUrl).origin],
    typ: 'savetowallet',
    payload: { genericClasses: [googleGenericClass(input)], genericObjects: [googleGenericObject(input)] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(credentials.google.keyId ? { kid: credentials.google.keyId } : {}) })
    .setIssuer(credentials.google.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

/** Dashboard download links: /passes-files/<passId>.pkpass?expires=<unix seconds>&signature=<base64url HMAC>. */
export const PASS_FILES_PATH = '/passes-files';

/**
 * Pass files for one server: loads what a pass needs, signs download links (as KYB document links are signed), and
 * derives each pass's Apple authentication token. Keys come from FILE_LINK_SECRET, else from the key-encryption key,
 * so every process of a deployment (API, worker) agrees on them.
 */
export function createPassFiles(deps: { db: Database; config: Env; secretBox: SecretBox; storage: FileStorage }) {
  const { db, config, secretBox, storage } = deps;
  const keys = loadKeyEncryptionKeys(config);
  const derive = (kek: Buffer, purpose: string) => crypto.createHmac('sha256', kek).update(`rampart-passes:${purpose}`).digest();
  const linkKey = fileLinkKey(config);
  const tokenKeys = [derive(keys.current, 'authentication-token'), ...(keys.previous ? [derive(keys.previous, 'authentication-token')] : [])];

  const tokenWith = (key: Buffer, passId: string) => crypto.createHmac('sha256', key).update(`pass:${passId}`).digest('base64url');
  const signLink = (passId: string, expires: number) => crypto.createHmac('sha256', linkKey).update(`pass-file:${passId}:${expires}`).digest('base64url');

  async function inputsOf(pass: PassRow) {
    const [template] = await db.select().from(passTemplates).where(eq(passTemplates.id, pass.templateId));
    const [project] = await db.select().from(passProjects).where(eq(passProjects.id, pass.projectId));
    if (!template || !project) throw new Error(`pass ${pass.id}: its template or project is missing`);
    const credentials = await loadPassCredentials(db, secretBox, pass.projectId);
    return { pass, template, project, credentials, publicUrl: config.PUBLIC_URL };
  }

  /** The pass's Apple web-service token (only its SHA-256 is stored); derived, so a re-downloaded file carries the same. */
  function authenticationToken(pass: Pick<PassRow, 'id' | 'authenticationTokenHash'>): string {
    for (const key of tokenKeys) {
      const token = tokenWith(key, pass.id);
      if (hashToken(token) === pass.authenticationTokenHash) return token;
    }
    return tokenWith(tokenKeys[0]!, pass.id);
  }

  const googleWallet = createGoogleWalletClient({ apiBase: config.GOOGLE_WALLET_API_BASE, tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL });
  /** Classes this process has put in Google Wallet as they are now (id and body): a class is sent again only when it changed. */
  const syncedClasses = new Set<string>();

  async function pkpass(pass: PassRow): Promise<Buffer> {
    return buildPkpass({ ...(await inputsOf(pass)), authenticationToken: authenticationToken(pass), storage });
  }

  return {
    /** Where pass and template images are kept (the server's file storage). */
    storage,
    authenticationToken,
    /** A new pass's token hash (its id must be chosen first). */
    authenticationTokenHash(passId: string): string {
      return hashToken(tokenWith(tokenKeys[0]!, passId));
    },
    pkpass,
    async googleSaveUrl(pass: PassRow): Promise<string> {
      return googleSaveUrl(await inputsOf(pass));
    },
    /** Pass.appleWalletUrl: a short-lived signed link to the .pkpass (FILE_LINK_TTL_SECONDS). */
    appleWalletUrl(pass: Pick<PassRow, 'id'>, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + config.FILE_LINK_TTL_SECONDS;
      return `${PASS_FILES_PATH}/${pass.id}.pkpass?expires=${expires}&signature=${signLink(pass.id, expires)}`;
    },
    /**
     * Creates or updates the pass's class in Google Wallet through its REST API when the project has the partner's own
     * Google credentials ('skipped' on Rampart's development ones: that service account does not exist at Google).
     */
    async syncGoogleClass(pass: PassRow): Promise<'inserted' | 'updated' | 'unchanged' | 'skipped'> {
      const input = await inputsOf(pass);
      if (input.credentials.google.source !== 'partner') return 'skipped';
      const genericClass = googleGenericClass(input);
      const synced = `${input.credentials.google.serviceAccountEmail}|${JSON.stringify(genericClass)}`;
      if (syncedClasses.has(synced)) return 'unchanged';
      const outcome = await googleWallet.upsertGenericClass(input.credentials.google, genericClass);
      syncedClasses.add(synced);
      return outcome;
    },
    /** Pass.googleWalletUrl: the Google save link. */
    async googleWalletUrl(pass: PassRow): Promise<string> {
      return googleSaveUrl(await inputsOf(pass));
    },
    /** The pass behind a signed download link, or why not (403: bad or expired link; 404: no such pass). */
    async openDownloadLink(
      passId: string,
      expires: unknown,
      signature: unknown,
    ): Promise<{ status: 403 | 404 } | { status: 200; pass: PassRow; bytes: Buffer }> {
      if (!isUuid(passId)) return { status: 404 };
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature))
        return { status: 403 };
      const expected = Buffer.from(signLink(passId, Number(expires)));
      if (!crypto.timingSafeEqual(expected, Buffer.from(signature))) return { status: 403 };
      if (Number(expires) * 1000 < Date.now()) return { status: 403 };
      const [pass] = await db.select().from(passes).where(eq(passes.id, passId));
      if (!pass) return { status: 404 };
      return { status: 200, pass, bytes: await pkpass(pass) };
    },
  };
}

export type PassFiles = ReturnType<typeof createPassFiles>;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
