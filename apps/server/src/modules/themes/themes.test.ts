import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_FONT_HOSTS, THEME_LOGO_MAX_BYTES, type ThemeConfig } from '@rampart/shared/themes';
import { contrastIssues, generateThemeConfig } from '@rampart/shared/theme-colors';
import { parseEnv } from '../../config/env.ts';
import { errorCode, type ApiClient, type GraphQLResult, useTestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember, signedInUser } from '../../../test/accounts-helper.ts';
import { decompressionBombPng } from '../../../test/hostile-files.ts';
import { describeAuditEvent } from '../audit/audit-sentences.ts';
import { themesAuditSentences } from './themes.audit.ts';
import { savedAtWords } from './themes.service.ts';

const t = useTestApp();

const COLORS = 'background surface surfaceMuted text textMuted border inputBackground primary primaryText danger success';
const CONFIG = `config { light { ${COLORS} } dark { ${COLORS} } fontFamily fontUrl splashScreen { lightBackground lightLoader darkBackground darkLoader loaderType } }`;
const THEME = `id accountId name isActive version ${CONFIG} createdAt updatedAt updatedBy { id name } versions { version name restoredFromVersion createdAt createdBy { id name } ${CONFIG} }`;
const THEMES = `query($a: ID!) { accountThemes(accountId: $a) { ${THEME} } }`;
const SETTINGS = `query($a: ID!, $f: ThemePreviewFlow) { themeEditorSettings(accountId: $a) { allowedFontHosts logoMaxBytes previewUrl(flow: $f) } }`;
const GENERATE = `mutation($a: ID!, $n: String!, $c: String, $logo: Upload, $m: Boolean) { generateInitialTheme(accountId: $a, name: $n, brandColor: $c, logo: $logo, makeActive: $m) { ${THEME} } }`;
const ACTIVATE = `mutation($a: ID!, $id: ID!) { changeActiveTheme(accountId: $a, themeId: $id) { id name isActive version } }`;
const UPDATE = `mutation($a: ID!, $v: Int!, $n: String, $c: ThemeConfigInput!, $id: ID) { updateActiveTheme(accountId: $a, expectedVersion: $v, name: $n, config: $c, themeId: $id) { ${THEME} } }`;
const RESTORE = `mutation($a: ID!, $r: Int!, $v: Int!, $id: ID) { restoreThemeVersion(accountId: $a, version: $r, expectedVersion: $v, themeId: $id) { ${THEME} } }`;
const DELETE = `mutation($a: ID!, $id: ID!) { deleteAccountTheme(accountId: $a, themeId: $id) }`;

interface Theme {
  id: string;
  name: string;
  isActive: boolean;
  version: number;
  config: ThemeConfig;
  updatedBy: { id: string; name: string } | null;
  versions: Array<{ version: number; name: string; restoredFromVersion: number | null; createdBy: { id: string; name: string } | null; config: ThemeConfig }>;
}

async function generate(client: ApiClient, accountId: string, name: string, brandColor = '#4f46e5', makeActive?: boolean): Promise<Theme> {
  return (await client.ok(GENERATE, { a: accountId, n: name, c: brandColor, m: makeActive })).generateInitialTheme;
}

async function themesOf(client: ApiClient, accountId: string): Promise<Theme[]> {
  return (await client.ok(THEMES, { a: accountId })).accountThemes;
}

const versionRows = async (themeId: string) =>
  (
    await t.database.pool.query<{ version: number; config: ThemeConfig }>(`select version, config from theme_versions where theme_id = $1 order by version`, [
      themeId,
    ])
  ).rows;

async function rename(userId: string, first: string, last: string) {
  await t.database.pool.query(`update users set first_name = $2, last_name = $3 where id = $1`, [userId, first, last]);
}

/** A GraphQL multipart request with the logo, as the web's upload link sends it. */
function generateWithLogo(
  owner: { client: ApiClient; accountId: string },
  variables: Record<string, unknown>,
  file: { bytes: Buffer; name: string; type: string },
): Promise<GraphQLResult<any>> {
  return owner.client.upload(GENERATE, { a: owner.accountId, ...variables }, { logo: file });
}

/** A logo: mostly `main` on a transparent background, with a white and a dark-grey stripe (a logo's text and outline). */
function png(main: [number, number, number], size = 64): Buffer {
  const image = new pngjs.PNG({ width: size, height: size });
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const at = (y * size + x) * 4;
      const transparent = x < 4 || y < 4;
      const rgb: [number, number, number] = y > size - 10 ? [255, 255, 255] : y > size - 16 ? [40, 40, 40] : main;
      image.data.set([...rgb, transparent ? 0 : 255], at);
    }
  }
  return pngjs.PNG.sync.write(image);
}

function jpegOf(rgb: [number, number, number], size = 48): Buffer {
  const data = Buffer.alloc(size * size * 4);
  for (let index = 0; index < size * size; index += 1) data.set([...rgb, 255], index * 4);
  return jpeg.encode({ data, width: size, height: size }, 90).data;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The 0–255 channels of "#rrggbb". */
function rgb(hex: string): { r: number; g: number; b: number } {
  return { r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16) };
}

/** The field errors of a refused request; anything else comes back whole, so a failing assertion shows what the server said. */
function fieldsOf(result: GraphQLResult<unknown>): Record<string, string> {
  return result.errors?.[0]?.extensions?.fields ?? { unexpectedAnswer: JSON.stringify(result) };
}

function withColor(config: ThemeConfig, mode: 'light' | 'dark', key: keyof ThemeConfig['light'], value: string): ThemeConfig {
  return { ...config, [mode]: { ...config[mode], [key]: value } };
}

describe('who may manage themes', () => {
  it('administrators and developers manage; analysts and support specialists read only', async () => {
    const owner = await accountWithMember(t);
    const created = await generate(owner.client, owner.accountId, 'Brand');
    for (const role of ['developer', 'analyst', 'support_specialist'] as const) {
      const member = await signedInMember(t, owner.accountId, role);
      const read = await member.client.gql(THEMES, { a: owner.accountId });
      const write = await member.client.gql(GENERATE, { a: owner.accountId, n: `By ${role}`, c: '#0e7490' });
      const update = await member.client.gql(UPDATE, { a: owner.accountId, v: 1, c: created.config });
      const remove = await member.client.gql(DELETE, { a: owner.accountId, id: created.id });
      if (role === 'developer') {
        expect(read.errors).toBeUndefined();
        expect(write.errors).toBeUndefined();
      } else {
        expect(errorCode(read), role).toBe('FORBIDDEN_ERROR');
        for (const result of [write, update, remove]) expect(errorCode(result), role).toBe('FORBIDDEN_ERROR');
      }
    }
    // Refused writes changed nothing.
    expect((await themesOf(owner.client, owner.accountId)).map((theme) => theme.name).sort()).toEqual(['Brand', 'By developer']);
  });

  it('staff with theme:manage change a partner’s themes; staff with theme:view only read them', async () => {
    const owner = await accountWithMember(t);
    const created = await generate(owner.client, owner.accountId, 'Brand');
    const engineer = (await signedInUser(t, { adminRole: 'Engineer' })).client;
    const finance = (await signedInUser(t, { adminRole: 'FinanceManager' })).client;

    expect((await themesOf(finance, owner.accountId)).map((theme) => theme.id)).toEqual([created.id]);
    expect(errorCode(await finance.gql(GENERATE, { a: owner.accountId, n: 'Finance', c: '#b45309' }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await finance.gql(UPDATE, { a: owner.accountId, v: 1, c: created.config }))).toBe('FORBIDDEN_ERROR');

    const saved = (await engineer.ok(UPDATE, { a: owner.accountId, v: 1, c: withColor(created.config, 'light', 'primary', '#1d4ed8') }))
      .updateActiveTheme as Theme;
    expect(saved.version).toBe(2);
    expect(saved.config.light.primary).toBe('#1d4ed8');
    const audit = await t.database.pool.query(`select via_staff, outcome from audit_events where account_id = $1 and operation = 'updateActiveTheme'`, [
      owner.accountId,
    ]);
    expect(audit.rows).toEqual([{ via_staff: true, outcome: 'success' }]);
  });
});

describe('tenant isolation', () => {
  it('another account’s theme is never listed, changed, activated, restored or deleted', async () => {
    const victim = await accountWithMember(t, { name: 'Victim' });
    const theirs = await generate(victim.client, victim.accountId, 'Victim brand');
    await generate(victim.client, victim.accountId, 'Victim spare');
    const spare = (await themesOf(victim.client, victim.accountId)).find((theme) => !theme.isActive)!;
    const attacker = await accountWithMember(t, { name: 'Attacker' });
    await generate(attacker.client, attacker.accountId, 'Attacker brand');

    expect(errorCode(await attacker.client.gql(THEMES, { a: victim.accountId }))).toBe('FORBIDDEN_ERROR');
    expect((await themesOf(attacker.client, attacker.accountId)).map((theme) => theme.name)).toEqual(['Attacker brand']);
    // Their own account with the victim's theme ids: not found, never touched.
    expect(errorCode(await attacker.client.gql(ACTIVATE, { a: attacker.accountId, id: spare.id }))).toBe('NOT_FOUND');
    expect(errorCode(await attacker.client.gql(DELETE, { a: attacker.accountId, id: spare.id }))).toBe('NOT_FOUND');
    expect(errorCode(await attacker.client.gql(UPDATE, { a: attacker.accountId, v: 1, c: theirs.config, id: theirs.id }))).toBe('NOT_FOUND');
    expect(errorCode(await attacker.client.gql(RESTORE, { a: attacker.accountId, r: 1, v: 1, id: theirs.id }))).toBe('NOT_FOUND');
    // The victim's account id: refused outright.
    expect(errorCode(await attacker.client.gql(DELETE, { a: victim.accountId, id: spare.id }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await attacker.client.gql(UPDATE, { a: victim.accountId, v: 1, c: theirs.config }))).toBe('FORBIDDEN_ERROR');

    const after = await themesOf(victim.client, victim.accountId);
    expect(after.map((theme) => [theme.name, theme.isActive, theme.version])).toEqual([
      ['Victim brand', true, 1],
      ['Victim spare', false, 1],
    ]);
  });
});

describe('saving the active theme', () => {
  it('refuses a save based on an old version with a message naming who saved what when, and overwrites nothing', async () => {
    const grace = await accountWithMember(t);
    await rename(grace.userId, 'Grace', 'Hopper');
    const ada = await signedInUser(t);
    await t.database.pool.query(
      `insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'developer', true, now())`,
      [grace.accountId, ada.userId],
    );
    const opened = await generate(grace.client, grace.accountId, 'Brand');
    expect(opened.version).toBe(1);

    // Both opened version 1; Grace saves first.
    const graceConfig = withColor(opened.config, 'light', 'primary', '#0f766e');
    const first = (await grace.client.ok(UPDATE, { a: grace.accountId, v: 1, c: graceConfig, id: opened.id })).updateActiveTheme as Theme;
    expect(first.version).toBe(2);
    expect(first.updatedBy?.name).toBe('Grace Hopper');
    const before = await versionRows(opened.id);

    const second = await ada.client.gql(UPDATE, {
      a: grace.accountId,
      v: 1,
      n: 'Ada’s brand',
      c: withColor(opened.config, 'light', 'primary', '#be123c'),
      id: opened.id,
    });
    expect(errorCode(second)).toBe('CONFLICT');
    expect(second.errors![0]!.message).toBe(
      `Grace Hopper saved version 2 of “Brand” ${savedAtWords(new Date())} after you opened it. Your changes were not saved: copy what you need, reload the theme, and apply them again.`,
    );
    expect(second.errors![0]!.extensions).toMatchObject({ code: 'CONFLICT', activeThemeId: opened.id, currentVersion: 2 });
    const [theme] = await themesOf(grace.client, grace.accountId);
    expect(theme).toMatchObject({ name: 'Brand', version: 2 });
    expect(theme!.config.light.primary).toBe('#0f766e');
    expect(await versionRows(opened.id)).toEqual(before);
    const failures = await t.database.pool.query(
      `select outcome, error_code from audit_events where account_id = $1 and operation = 'updateActiveTheme' order by occurred_at`,
      [grace.accountId],
    );
    expect(failures.rows).toEqual([
      { outcome: 'success', error_code: null },
      { outcome: 'failure', error_code: 'CONFLICT' },
    ]);
  });

  it('lets exactly one of two simultaneous saves of the same version through', async () => {
    const owner = await accountWithMember(t);
    const opened = await generate(owner.client, owner.accountId, 'Race');
    const results = await Promise.all(
      ['#1d4ed8', '#7e22ce', '#b91c1c'].map((color) =>
        owner.client.gql(UPDATE, { a: owner.accountId, v: 1, c: withColor(opened.config, 'light', 'primary', color) }),
      ),
    );
    expect(results.map((result) => errorCode(result) ?? 'OK').sort()).toEqual(['CONFLICT', 'CONFLICT', 'OK']);
    const rows = await versionRows(opened.id);
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
    const winner = results.find((result) => !result.errors)!.data as { updateActiveTheme: Theme };
    expect(rows[1]!.config.light.primary).toBe(winner.updateActiveTheme.config.light.primary);
  });

  it('refuses a save meant for a theme that is no longer the active one', async () => {
    const owner = await accountWithMember(t);
    const first = await generate(owner.client, owner.accountId, 'First');
    const second = await generate(owner.client, owner.accountId, 'Second');
    await owner.client.ok(ACTIVATE, { a: owner.accountId, id: second.id });
    const result = await owner.client.gql(UPDATE, { a: owner.accountId, v: 1, c: first.config, id: first.id });
    expect(errorCode(result)).toBe('CONFLICT');
    expect(result.errors![0]!.message).toBe(
      '“Second” was made the active theme after you opened this one. Your changes were not saved: copy what you need, reload the theme, and apply them again.',
    );
    expect((await versionRows(second.id)).length).toBe(1);
  });

  it('says when there is no active theme yet', async () => {
    const owner = await accountWithMember(t);
    const result = await owner.client.gql(UPDATE, { a: owner.accountId, v: 1, c: generateThemeConfig('#4f46e5') });
    expect(errorCode(result)).toBe('NOT_FOUND');
    expect(result.errors![0]!.message).toBe('This account has no active theme yet: generate one first.');
  });

  it('keeps every version, newest first with its author, and restores one as a new version', async () => {
    const owner = await accountWithMember(t);
    await rename(owner.userId, 'Grace', 'Hopper');
    const opened = await generate(owner.client, owner.accountId, 'Brand');
    await owner.client.ok(UPDATE, { a: owner.accountId, v: 1, n: 'Brand 2', c: withColor(opened.config, 'dark', 'primary', '#93c5fd') });
    const restored = (await owner.client.ok(RESTORE, { a: owner.accountId, r: 1, v: 2, id: opened.id })).restoreThemeVersion as Theme;
    expect(restored).toMatchObject({ name: 'Brand', version: 3 });
    expect(restored.config).toEqual(opened.config);
    expect(restored.versions.map((version) => [version.version, version.name, version.restoredFromVersion, version.createdBy?.name])).toEqual([
      [3, 'Brand', 1, 'Grace Hopper'],
      [2, 'Brand 2', null, 'Grace Hopper'],
      [1, 'Brand', null, 'Grace Hopper'],
    ]);
    expect(restored.versions[1]!.config.dark.primary).toBe('#93c5fd');

    // A restore based on an old version is refused like a save.
    const stale = await owner.client.gql(RESTORE, { a: owner.accountId, r: 2, v: 2 });
    expect(errorCode(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.message).toMatch(/^Grace Hopper saved version 3 of “Brand” at \d\d:\d\d UTC after you opened it\. Version 2 was not restored/);
    // A version whose web font comes from a host no longer allowed (the provider changed THEME_FONT_HOSTS) stays history.
    const oldFont = { ...opened.config, fontFamily: 'Inter', fontUrl: 'https://fonts.retired.example/inter.css' };
    await t.database.pool.query(`insert into theme_versions (theme_id, version, name, config) values ($1, 99, 'Brand', $2::jsonb)`, [
      opened.id,
      JSON.stringify(oldFont),
    ]);
    const retired = await owner.client.gql(RESTORE, { a: owner.accountId, r: 99, v: 3 });
    expect(fieldsOf(retired)).toEqual({
      version:
        'Version 99 uses a web font from a host that is no longer allowed (only fonts.googleapis.com or fonts.bunny.net is): restore another version, or change the font.',
    });
    await t.database.pool.query(`delete from theme_versions where theme_id = $1 and version = 99`, [opened.id]);
    const missing = await owner.client.gql(RESTORE, { a: owner.accountId, r: 9, v: 3 });
    expect(fieldsOf(missing)).toEqual({ version: '“Brand” has no version 9.' });
    expect((await versionRows(opened.id)).length).toBe(3);
    const audit = await t.database.pool.query(
      `select count(*)::int as n from audit_events where account_id = $1 and operation = 'restoreThemeVersion' and outcome = 'success'`,
      [owner.accountId],
    );
    expect(audit.rows[0].n).toBe(1);
  });
});

describe('which theme is active, and deleting', () => {
  it('makes the first theme active, lists the active one first then newest, and switches', async () => {
    const owner = await accountWithMember(t);
    const a = await generate(owner.client, owner.accountId, 'A');
    const b = await generate(owner.client, owner.accountId, 'B');
    expect([a.isActive, b.isActive]).toEqual([true, false]);
    const c = await generate(owner.client, owner.accountId, 'C');
    expect((await themesOf(owner.client, owner.accountId)).map((theme) => theme.name)).toEqual(['A', 'C', 'B']);
    await owner.client.ok(ACTIVATE, { a: owner.accountId, id: b.id });
    expect((await themesOf(owner.client, owner.accountId)).map((theme) => [theme.name, theme.isActive])).toEqual([
      ['B', true],
      ['C', false],
      ['A', false],
    ]);
    const d = await generate(owner.client, owner.accountId, 'D', '#15803d', true);
    expect(d.isActive).toBe(true);
    expect((await themesOf(owner.client, owner.accountId)).filter((theme) => theme.isActive).map((theme) => theme.id)).toEqual([d.id]);
    expect(await t.app.services.themes.activeThemeConfig(owner.accountId)).toEqual(d.config);
    expect(c.isActive).toBe(false);
  });

  it('refuses to delete the active theme and deletes another with its versions', async () => {
    const owner = await accountWithMember(t);
    const active = await generate(owner.client, owner.accountId, 'Brand');
    const spare = await generate(owner.client, owner.accountId, 'Spare');
    const refused = await owner.client.gql(DELETE, { a: owner.accountId, id: active.id });
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(refused.errors![0]!.message).toBe('“Brand” is the active theme: make another theme active before deleting it.');
    expect((await owner.client.ok(DELETE, { a: owner.accountId, id: spare.id })).deleteAccountTheme).toBe(spare.id);
    expect(await versionRows(spare.id)).toEqual([]);
    expect((await themesOf(owner.client, owner.accountId)).map((theme) => theme.id)).toEqual([active.id]);
    expect(errorCode(await owner.client.gql(DELETE, { a: owner.accountId, id: spare.id }))).toBe('NOT_FOUND');
  });
});

describe('validation', () => {
  it('names the field of a malformed colour, and stores colours as lower-case #rrggbb', async () => {
    const owner = await accountWithMember(t);
    const opened = await generate(owner.client, owner.accountId, 'Brand', '#4F46E5');
    const bad = await owner.client.gql(UPDATE, { a: owner.accountId, v: 1, c: withColor(opened.config, 'dark', 'textMuted', 'light grey') });
    expect(errorCode(bad)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(bad)).toEqual({ 'config.dark.textMuted': 'Enter a colour as #RRGGBB, for example #4f46e5.' });
    const brand = await owner.client.gql(GENERATE, { a: owner.accountId, n: 'Bad', c: 'blue' });
    expect(fieldsOf(brand)).toEqual({ brandColor: 'Enter a colour as #RRGGBB, for example #4f46e5.' });
    const neither = await owner.client.gql(GENERATE, { a: owner.accountId, n: 'Nothing' });
    expect(fieldsOf(neither)).toEqual({ brandColor: 'Give a brand colour, or upload your logo to take its colours.' });
    const unnamed = await owner.client.gql(GENERATE, { a: owner.accountId, n: '  ', c: '#4f46e5' });
    expect(fieldsOf(unnamed)).toEqual({ name: 'Give the theme a name.' });

    const short = (await owner.client.ok(UPDATE, { a: owner.accountId, v: 1, c: withColor(opened.config, 'light', 'primary', '#ABC') }))
      .updateActiveTheme as Theme;
    expect(short.config.light.primary).toBe('#aabbcc');
    expect((await versionRows(opened.id)).length).toBe(2);
  });

  it('takes web fonts over https from the allowed hosts only, and names them', async () => {
    const owner = await accountWithMember(t);
    const opened = await generate(owner.client, owner.accountId, 'Brand');
    const font = (fontUrl: string | null, fontFamily = 'Inter') => ({ ...opened.config, fontFamily, fontUrl });

    const elsewhere = await owner.client.gql(UPDATE, { a: owner.accountId, v: 1, c: font('https://fonts.example.com/inter.css') });
    expect(fieldsOf(elsewhere)).toEqual({
      'config.fontUrl': 'A web font can be loaded only from fonts.googleapis.com or fonts.bunny.net: use a stylesheet URL from one of them.',
    });
    const plain = await owner.client.gql(UPDATE, { a: owner.accountId, v: 1, c: font('http://fonts.googleapis.com/css2?family=Inter') });
    expect(fieldsOf(plain)).toEqual({ 'config.fontUrl': 'A web font must be loaded over https://.' });
    const lookalike = await owner.client.gql(UPDATE, { a: owner.accountId, v: 1, c: font('https://fonts.googleapis.com.evil.example/css2?family=Inter') });
    expect(errorCode(lookalike)).toBe('BAD_USER_INPUT');
    const systemWithUrl = await owner.client.gql(UPDATE, { a: owner.accountId, v: 1, c: font('https://fonts.googleapis.com/css2?family=Inter', 'system') });
    expect(Object.keys(fieldsOf(systemWithUrl))).toEqual(['config.fontFamily']);
    expect((await versionRows(opened.id)).length).toBe(1);

    const saved = (await owner.client.ok(UPDATE, { a: owner.accountId, v: 1, c: font('https://fonts.googleapis.com/css2?family=Inter:wght@400;600') }))
      .updateActiveTheme as Theme;
    expect(saved.config).toMatchObject({ fontFamily: 'Inter', fontUrl: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;600' });
  });

  it('reads the allowed font hosts from THEME_FONT_HOSTS, else the defaults', () => {
    expect(parseEnv({}).THEME_FONT_HOSTS).toEqual([...DEFAULT_THEME_FONT_HOSTS]);
    expect(parseEnv({ THEME_FONT_HOSTS: 'Fonts.Example.com, cdn.example.org' }).THEME_FONT_HOSTS).toEqual(['fonts.example.com', 'cdn.example.org']);
    expect(() => parseEnv({ THEME_FONT_HOSTS: 'https://fonts.example.com/' })).toThrow(/THEME_FONT_HOSTS/);
  });

  it('gives the editor its settings and the test widget’s preview URL', async () => {
    const owner = await accountWithMember(t);
    const settings = (await owner.client.ok(SETTINGS, { a: owner.accountId })).themeEditorSettings;
    expect(settings.allowedFontHosts).toEqual([...DEFAULT_THEME_FONT_HOSTS]);
    expect(settings.logoMaxBytes).toBe(THEME_LOGO_MAX_BYTES);
    const key = await t.database.pool.query(`select display_value from api_keys where account_id = $1 and type = 'publishable' and not live_mode`, [
      owner.accountId,
    ]);
    expect(key.rows).toHaveLength(1);
    expect(settings.previewUrl).toBe(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/widget/buy?apiKey=${key.rows[0].display_value}&preview=1`);
    const sell = (await owner.client.ok(SETTINGS, { a: owner.accountId, f: 'sell' })).themeEditorSettings;
    expect(sell.previewUrl).toBe(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/widget/sell?apiKey=${key.rows[0].display_value}&preview=1`);
  });
});

describe('generated themes', () => {
  it('meet WCAG AA in both sets, whatever the brand colour', async () => {
    const owner = await accountWithMember(t);
    for (const color of ['#ffeb3b', '#000000', '#ffffff', '#4f46e5', '#22c55e', '#808080', '#ff00ff']) {
      const theme = await generate(owner.client, owner.accountId, `Brand ${color}`, color);
      expect(contrastIssues(theme.config), color).toEqual([]);
      expect(theme.versions.map((version) => version.version)).toEqual([1]);
    }
  });

  it('takes a PNG logo’s brand colour: mostly red gives a reddish button', async () => {
    const owner = await accountWithMember(t);
    const result = await generateWithLogo(owner, { n: 'From logo' }, { bytes: png([220, 30, 40]), name: 'logo.png', type: 'image/png' });
    expect(result.errors).toBeUndefined();
    const theme = result.data.generateInitialTheme as Theme;
    const { r, g, b } = rgb(theme.config.light.primary);
    expect(r - Math.max(g, b), theme.config.light.primary).toBeGreaterThan(80);
    expect(contrastIssues(theme.config)).toEqual([]);
    const audit = await t.database.pool.query(`select changes from audit_events where account_id = $1 and operation = 'generateInitialTheme'`, [
      owner.accountId,
    ]);
    expect(audit.rows[0].changes.logo).toMatchObject({ fileName: 'logo.png', sizeBytes: expect.any(Number) });
  });

  it('takes a JPEG logo’s colour, and the brand colour wins when both are given', async () => {
    const owner = await accountWithMember(t);
    const fromJpeg = await generateWithLogo(owner, { n: 'Blue logo' }, { bytes: jpegOf([20, 60, 220]), name: 'logo.jpg', type: 'image/jpeg' });
    expect(fromJpeg.errors).toBeUndefined();
    const blue = rgb((fromJpeg.data.generateInitialTheme as Theme).config.light.primary);
    expect(blue.b - Math.max(blue.r, blue.g)).toBeGreaterThan(80);
    const both = await generateWithLogo(owner, { n: 'Both', c: '#15803d' }, { bytes: png([220, 30, 40]), name: 'logo.png', type: 'image/png' });
    expect((both.data.generateInitialTheme as Theme).config.light.primary).toBe(generateThemeConfig('#15803d').light.primary);
  });

  it('takes a logo of the largest size; refuses one over the pixel limit (only 20,000 pixels are sampled) and a decompression bomb', async () => {
    const owner = await accountWithMember(t);
    const send = (bytes: Buffer) => generateWithLogo(owner, { n: 'Logo' }, { bytes, name: 'logo.png', type: 'image/png' });
    const largest = await send(png([220, 30, 40], 1024));
    expect(largest.errors).toBeUndefined();
    // A real image, well under the old cap of 4096 × 4096.
    expect(fieldsOf(await send(png([220, 30, 40], 1100)))).toEqual({
      logo: 'The logo is 1100 × 1100 pixels: at most 1,048,576 pixels, such as 1024 × 1024. Upload a smaller version.',
    });
    // A whole, valid PNG declaring 1000 × 1000 pixels (4 MB of pixels) whose data inflates to 64 MB.
    const bomb = decompressionBombPng(1000, 1000, 64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(THEME_LOGO_MAX_BYTES);
    expect(fieldsOf(await send(bomb))).toEqual({
      logo: 'The logo’s image data unpacks to more than its 1000 × 1000 pixels need: the file is damaged or built to overload the server. Upload a PNG or JPEG saved by an image editor.',
    });
  });

  it('refuses logos that are too large, not PNG or JPEG, or too many pixels, with clear messages', async () => {
    const owner = await accountWithMember(t);
    const send = (bytes: Buffer, name: string, type: string) => generateWithLogo(owner, { n: 'Logo' }, { bytes, name, type });
    const oversized = Buffer.concat([png([220, 30, 40]), Buffer.alloc(THEME_LOGO_MAX_BYTES)]);
    expect(fieldsOf(await send(oversized, 'huge.png', 'image/png'))).toEqual({ logo: 'The logo is too large: at most 2 MB.' });
    expect(fieldsOf(await send(GIF, 'logo.gif', 'image/gif'))).toEqual({ logo: 'The logo is a GIF: upload a PNG or JPEG.' });
    // Named and declared as a PNG: the content decides.
    expect(fieldsOf(await send(PDF, 'logo.png', 'image/png'))).toEqual({ logo: 'The logo is a PDF: upload a PNG or JPEG.' });
    expect(fieldsOf(await send(Buffer.from('just some text, not a picture'), 'logo.png', 'image/png'))).toEqual({
      logo: 'The logo is not an image we can read: upload a PNG or JPEG.',
    });
    expect(fieldsOf(await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg', 'image/svg+xml'))).toEqual({
      logo: 'The logo is an SVG: upload a PNG or JPEG.',
    });
    // A small file whose header claims a 5000 × 5000 canvas: refused from the header, before decoding.
    const claimsHuge = png([220, 30, 40], 8);
    claimsHuge.writeUInt32BE(5000, 16);
    claimsHuge.writeUInt32BE(5000, 20);
    expect(fieldsOf(await send(claimsHuge, 'logo.png', 'image/png'))).toEqual({
      logo: 'The logo is 5000 × 5000 pixels: at most 1,048,576 pixels, such as 1024 × 1024. Upload a smaller version.',
    });
    // Damaged files: pngjs would decode a truncated PNG into uninitialised memory about four times in ten (a theme from
    // garbage), so each is sent several times.
    const damaged = 'The logo could not be read: the file may be damaged. Upload a PNG or JPEG.';
    const whole = png([220, 30, 40]);
    const truncated = Buffer.from(whole.subarray(0, 60));
    const flipped = Buffer.from(whole);
    const inData = whole.indexOf('IDAT') + 10;
    flipped.writeUInt8(flipped.readUInt8(inData) ^ 0xff, inData);
    const wholeJpeg = jpegOf([220, 30, 40]);
    const cutJpeg = Buffer.from(wholeJpeg.subarray(0, wholeJpeg.indexOf(Buffer.from([0xff, 0xda])) + 20)); // cut inside its scan
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect(fieldsOf(await send(truncated, 'logo.png', 'image/png'))).toEqual({ logo: damaged });
      expect(fieldsOf(await send(flipped, 'logo.png', 'image/png'))).toEqual({ logo: damaged });
      expect(fieldsOf(await send(cutJpeg, 'logo.jpg', 'image/jpeg'))).toEqual({ logo: damaged });
    }
    const transparent = new pngjs.PNG({ width: 8, height: 8 });
    expect(fieldsOf(await send(pngjs.PNG.sync.write(transparent), 'logo.png', 'image/png'))).toEqual({
      logo: 'The logo is fully transparent: upload one with visible colours, or give a brand colour.',
    });
    // Sent as JSON, the variable holds no file.
    expect(fieldsOf(await owner.client.gql(GENERATE, { a: owner.accountId, n: 'Logo', logo: 'not-a-file' }))).toEqual({
      logo: 'Send the logo as a GraphQL multipart request (operations, map and the file).',
    });
    expect(await themesOf(owner.client, owner.accountId)).toEqual([]);
  });
});

describe('the audit trail of themes', () => {
  it('reads each theme change as a sentence', () => {
    const event = (operation: string, changes: Record<string, unknown>) => describeAuditEvent({ operation, kind: 'mutation', changes }, themesAuditSentences);
    expect(event('generateInitialTheme', { name: 'Brand', brandColor: '#4f46e5', makeActive: true, _subject: { name: 'Brand' } })).toBe(
      'Created the theme “Brand” from the brand colour #4f46e5 and made it active',
    );
    expect(event('generateInitialTheme', { name: 'Logo', logo: { fileName: 'logo.png' } })).toBe('Created the theme “Logo” from a logo');
    expect(event('changeActiveTheme', { themeId: 'x', _subject: { name: 'Brand' } })).toBe('Made the theme “Brand” active');
    expect(event('updateActiveTheme', { expectedVersion: 3, _subject: { name: 'Brand' } })).toBe('Saved version 4 of the theme “Brand”');
    expect(event('restoreThemeVersion', { version: 2, expectedVersion: 4, _subject: { name: 'Brand' } })).toBe('Restored version 2 of the theme “Brand”');
    expect(event('deleteAccountTheme', { themeId: 'x' })).toBe('Deleted a theme');
  });
});
