import { expect, type Frame, type Locator, type Page } from '@playwright/test';

/** /theme: the theme editor with the live widget preview. */
export class ThemePage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly editor = () => this.page.getByRole('form', { name: 'Theme editor' });
  readonly emptyState = () => this.page.getByRole('heading', { name: 'Your widget uses the built-in look' });
  readonly newThemeDialog = () => this.page.getByRole('dialog', { name: 'New theme' });
  readonly modeTab = (mode: 'Light' | 'Dark') => this.page.getByRole('group', { name: 'Colour set' }).getByRole('button', { name: new RegExp(`^${mode}`) });
  /** A colour's hex field, by its label ("Button", "Button text", …). */
  readonly hex = (label: string) => this.editor().getByRole('textbox', { name: label, exact: true });
  readonly colorField = (name: string) => this.page.getByTestId(`color-${name}`);
  readonly saveButton = () => this.editor().getByRole('button', { name: 'Save', exact: true });
  readonly conflict = () => this.page.getByTestId('theme-conflict');
  readonly previewFrame = () => this.page.locator('iframe[title="Widget preview"]');
  readonly history = () => this.page.getByRole('dialog', { name: 'Version history' });
  readonly savedThemes = () => this.page.getByRole('region', { name: 'Saved themes' });

  async goto() {
    await this.page.goto('/theme');
    await expect(this.page).toHaveTitle('Theme · Rampart', { timeout: 30_000 });
  }

  /** "Generate a theme" (empty state) or "New theme", from a brand colour. */
  async generate(name: string, brandColor: string, { first }: { first: boolean }) {
    if (first) await this.page.getByRole('button', { name: 'Generate a theme' }).click();
    else await this.page.getByRole('button', { name: 'New theme' }).first().click();
    const dialog = this.newThemeDialog();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Theme name').fill(name);
    await dialog.getByRole('textbox', { name: 'Brand colour', exact: true }).fill(brandColor);
    await dialog.getByRole('button', { name: 'Generate theme' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(this.heading()).toHaveText(name);
  }

  async setColor(label: string, hex: string) {
    await this.hex(label).fill(hex);
  }

  async save() {
    await this.saveButton().click();
  }

  /** The widget inside the preview iframe, once it told the editor it is ready. */
  async previewWidget(): Promise<Frame> {
    await expect(this.previewFrame()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    const frame = await (await this.previewFrame().elementHandle()).contentFrame();
    return frame!;
  }
}

/** A widget's colours as the browser computed them: its --brand variable and its main button's background. */
export async function widgetColours(frame: Frame | Page): Promise<{ brand: string; button: string | null }> {
  return frame.evaluate(() => {
    const brand = getComputedStyle(document.documentElement).getPropertyValue('--brand').trim().toLowerCase();
    const button = document.querySelector<HTMLButtonElement>('button.bg-brand');
    return { brand, button: button ? getComputedStyle(button).backgroundColor : null };
  });
}

/** "#b91c1c" → "rgb(185, 28, 28)", as getComputedStyle writes a colour. */
export function rgb(hex: string): string {
  const value = (offset: number) => parseInt(hex.slice(offset, offset + 2), 16);
  return `rgb(${value(1)}, ${value(3)}, ${value(5)})`;
}

export async function fieldWarning(field: Locator): Promise<string> {
  return (await field.getByRole('status').innerText()).trim();
}
