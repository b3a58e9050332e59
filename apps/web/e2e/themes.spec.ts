import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { createPartner, openAs, type Partner } from './developers-fixtures.ts';
import { expect, graphqlAs, test } from './fixtures.ts';
import { createStaff } from './kyb-fixtures.ts';
import { openSignedIn } from './team-fixtures.ts';
import { rgb, ThemePage, widgetColours } from './pages/theme-pages.ts';

// Issue 14's browser test: a theme generated from a brand colour, the real widget in the editor's preview following the
// draft before it is saved, the saved colours in the widget opened by its URL, a contrast warning, two editors of the
// same theme (the second save is a conflict, not an overwrite), a restored version, and axe on the editor.

test.describe.configure({ timeout: 180_000 });

const BRAND = '#0f766e';
const CHANGED = '#b91c1c';

async function openEditor(
  browser: Browser,
  partner: Partner,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; editor: ThemePage; problems: string[] }> {
  const { page, problems } = await openAs(browser, partner);
  await page.emulateMedia({ colorScheme });
  await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), colorScheme);
  const editor = new ThemePage(page);
  await editor.goto();
  return { page, editor, problems };
}

/** A fresh partner whose active theme is "Brand", generated from BRAND through the API the editor's dialog calls. */
async function partnerWithBrandTheme(prefix: string): Promise<Partner> {
  const partner = await createPartner(prefix);
  const generated = await graphqlAs(
    partner.session,
    'mutation($a: ID!, $n: String!, $c: String) { generateInitialTheme(accountId: $a, name: $n, brandColor: $c, makeActive: true) { id } }',
    {
      a: partner.accountId,
      n: 'Brand',
      c: BRAND,
    },
  );
  expect(generated.errors).toBeUndefined();
  return partner;
}

// One theme's version history: generated and saved (versions 1 and 2), saved over by a second editor (3), then
// version 2 restored (4). Serial because each test reads the versions the one before wrote.
test.describe('one theme through its versions', () => {
  test.describe.configure({ mode: 'serial' });

  let partner: Partner;
  test.beforeAll(async () => {
    partner = await createPartner('themes');
  });

  test('generate a theme, see the draft in the preview before saving, save, and find the saved colours in the widget opened by URL', async ({ browser }) => {
    const { page, editor, problems } = await openEditor(browser, partner);

    await test.step('an account without a theme explains the built-in look and offers to generate one', async () => {
      await expect(editor.emptyState()).toBeVisible();
      await editor.generate('Brand', BRAND, { first: true });
      await expect(page.getByRole('region', { name: 'Saved themes' }).getByTestId('saved-theme')).toHaveCount(1);
    });

    await test.step('the preview shows the draft as the primary colour changes, before saving', async () => {
      await editor.modeTab('Light').click();
      const widget = await editor.previewWidget();
      const generatedPrimary = await editor.hex('Button').inputValue();
      await expect.poll(async () => (await widgetColours(widget)).brand).toBe(generatedPrimary);
      await editor.setColor('Button', CHANGED);
      await expect.poll(async () => (await widgetColours(widget)).brand).toBe(CHANGED);
      await expect.poll(async () => (await widgetColours(widget)).button).toBe(rgb(CHANGED));
      await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
    });

    await test.step('leaving with unsaved changes asks first', async () => {
      await page.getByRole('link', { name: 'Team' }).first().click();
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
      await expect(page).toHaveURL(/\/theme$/);
      await expect(editor.hex('Button')).toHaveValue(CHANGED);
    });

    const previewUrl = (await editor.previewFrame().getAttribute('src'))!;

    await test.step('save: a new version, and the widget opened by its URL uses the saved colours', async () => {
      await editor.save();
      await expect(page.getByText('Saved version 2').first()).toBeVisible();
      await expect(page.getByText('All changes saved', { exact: true })).toBeVisible();

      const url = new URL(previewUrl, page.url());
      url.searchParams.delete('preview');
      const visitor = await page.context().newPage();
      await visitor.emulateMedia({ colorScheme: 'light' });
      await visitor.goto(url.toString());
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Buy crypto', { timeout: 30_000 });
      await expect.poll(async () => (await widgetColours(visitor)).brand).toBe(CHANGED);
      await expect.poll(async () => (await widgetColours(visitor)).button).toBe(rgb(CHANGED));
      await visitor.close();
    });

    await test.step('a pair below AA shows its warning next to the colour', async () => {
      await editor.setColor('Button text', CHANGED);
      const warning = editor.colorField('light.primaryText').getByRole('status');
      await expect(warning).toHaveText(/Button text on the button: 1(\.0)?:1, needs 4\.5:1/);
      await expect(editor.modeTab('Light')).toHaveAccessibleName('Light, 1 contrast warning');
      await page.getByRole('button', { name: 'Discard' }).click();
      await expect(warning).toHaveText('');
    });

    await test.step('a web font from a host the provider does not allow is refused before saving', async () => {
      const form = editor.editor();
      await form.getByRole('radio', { name: 'Web font' }).click();
      await form.getByRole('textbox', { name: 'Family name' }).fill('Inter');
      await form.getByRole('textbox', { name: 'Stylesheet URL' }).fill('https://fonts.example.com/inter.css');
      await expect(form.getByText('Web fonts can come from fonts.googleapis.com, fonts.bunny.net only.')).toBeVisible();
      await expect(form.getByText('Allowed hosts: fonts.googleapis.com, fonts.bunny.net.')).toBeVisible();
      await page.getByRole('button', { name: 'Discard' }).click();
      await expect(form.getByRole('radio', { name: 'System font' })).toBeChecked();
    });

    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('two editors of the same theme: the second save is refused with the conflict message and keeps its draft', async ({ browser }) => {
    const first = await openEditor(browser, partner);
    const second = await openEditor(browser, partner);
    await expect(first.editor.heading()).toHaveText('Brand');
    await expect(second.editor.heading()).toHaveText('Brand');

    await first.editor.setColor('Button', '#1d4ed8');
    await first.editor.save();
    await expect(first.page.getByText('Saved version 3').first()).toBeVisible();

    await second.editor.setColor('Button', '#7e22ce');
    await second.editor.save();
    await expect(second.editor.conflict()).toContainText('saved version 3', { timeout: 15_000 });
    await expect(second.editor.conflict()).toContainText('Your changes were not saved');
    // The draft stays until the editor chooses to load the other version.
    await expect(second.editor.hex('Button')).toHaveValue('#7e22ce');
    await expect(second.page.getByText('Unsaved changes', { exact: true })).toBeVisible();
    await second.editor.conflict().getByRole('button', { name: 'Load their version' }).click();
    await expect(second.editor.conflict()).toBeHidden();
    await expect(second.editor.hex('Button')).toHaveValue('#1d4ed8');
    await expect(second.page.getByText('All changes saved', { exact: true })).toBeVisible();

    await first.page.context().close();
    await second.page.context().close();
  });

  test('restore an earlier version from the history', async ({ browser }) => {
    const { page, editor } = await openEditor(browser, partner);
    await page.getByRole('button', { name: 'Version history' }).click();
    const history = editor.history();
    await expect(history.getByTestId('theme-version')).toHaveCount(3);
    await expect(history.getByTestId('theme-version').first()).toContainText('Version 3');
    await history.getByRole('button', { name: 'Restore version 2' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore version 2?' });
    await confirm.getByRole('button', { name: 'Restore version 2' }).click();
    await expect(page.getByText('Version 2 restored').first()).toBeVisible();
    await expect(editor.hex('Button')).toHaveValue(CHANGED);
    await page.getByRole('button', { name: 'Version history' }).click();
    await expect(history.getByTestId('theme-version').first()).toContainText('Version 4');
    await expect(history.getByTestId('theme-version').first()).toContainText('Restored from version 2');
    await page.context().close();
  });
});

/** A 64×64 PNG logo: a purple square on white. */
function logoPng(): Buffer {
  const png = new PNG({ width: 64, height: 64 });
  for (let y = 0; y < 64; y += 1) {
    for (let x = 0; x < 64; x += 1) {
      const inside = x > 12 && x < 52 && y > 12 && y < 52;
      const at = (y * 64 + x) * 4;
      png.data.set(inside ? [124, 58, 237, 255] : [255, 255, 255, 255], at);
    }
  }
  return PNG.sync.write(png);
}

test('a second theme from a logo, kept beside the active one, then deleted; the active one cannot be deleted', async ({ browser }) => {
  const { page, editor } = await openEditor(browser, await partnerWithBrandTheme('themes-logo'));
  await expect(editor.heading()).toHaveText('Brand');
  await page.getByRole('button', { name: 'New theme' }).first().click();
  const dialog = editor.newThemeDialog();
  await dialog.getByLabel('Theme name').fill('Campaign');
  await dialog.getByRole('radio', { name: 'Logo' }).click();
  // Not an image: refused before sending.
  await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(dialog.getByRole('alert')).toHaveText('Upload a PNG or JPEG image.');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(dialog.getByRole('img', { name: 'The chosen logo' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Make it the active theme' }).click();
  await dialog.getByRole('button', { name: 'Generate theme' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const saved = editor.savedThemes();
  await expect(saved.getByTestId('saved-theme')).toHaveCount(2);
  await expect(editor.heading()).toHaveText('Brand');
  // The active theme offers no delete; the other one does.
  await expect(saved.getByRole('button', { name: 'Delete “Brand”' })).toHaveCount(0);
  await saved.getByRole('button', { name: 'Delete “Campaign”' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Campaign”?' });
  await confirm.getByRole('button', { name: 'Delete theme' }).click();
  await expect(saved.getByTestId('saved-theme')).toHaveCount(1);
  await page.context().close();
});

test('staff who may only view themes see the editor read-only', async ({ browser }) => {
  const partner = await partnerWithBrandTheme('themes-viewed');
  const staff = await createStaff('theme-auditor', 'Auditor');
  const page = await openSignedIn(browser, staff, partner.accountId);
  await page.addInitScript((accountId) => {
    window.sessionStorage.setItem('staffOpenedAccounts', JSON.stringify([{ id: accountId, name: 'Dev themes', organizationName: 'Dev Labs Ltd' }]));
  }, partner.accountId);
  const editor = new ThemePage(page);
  await editor.goto();
  await expect(editor.heading()).toHaveText('Brand');
  await expect(page.getByText('View only', { exact: true })).toBeVisible();
  await expect(editor.hex('Button')).toBeDisabled();
  await expect(editor.saveButton()).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New theme' })).toHaveCount(0);
  await editor.previewWidget();
  await page.getByRole('button', { name: 'Version history' }).click();
  await expect(editor.history().getByTestId('theme-version').first()).toBeVisible();
  await expect(editor.history().getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  await page.context().close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the editor, its version history and the new-theme dialog pass axe (${scheme})`, async ({ browser }) => {
    const { page, editor } = await openEditor(browser, await partnerWithBrandTheme(`themes-axe-${scheme}`), scheme);
    await expect(editor.heading()).toHaveText('Brand');
    await editor.previewWidget();
    const check = async (label: string) => {
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect.soft(serious, label).toEqual([]);
    };
    await check('editor');
    await page.getByRole('button', { name: 'Version history' }).click();
    await expect(editor.history().getByTestId('theme-version').first()).toBeVisible();
    await check('version history');
    await page.keyboard.press('Escape');
    await expect(editor.history()).toBeHidden();
    await page.getByRole('button', { name: 'New theme' }).first().click();
    await expect(editor.newThemeDialog()).toBeVisible();
    await check('new theme dialog');
    await page.context().close();
  });
}
