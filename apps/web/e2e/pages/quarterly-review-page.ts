import { expect, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/** /quarterly-review: the quarter picker, currency, headline figures and the printable report. */
export class QuarterlyReviewPage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('main').getByRole('heading', { level: 1 });
  readonly title = () => this.page.getByTestId('review-title');
  readonly quarter = () => this.page.getByRole('combobox', { name: 'Quarter' });
  readonly headline = () => this.page.getByRole('list', { name: 'Headline figures' });
  readonly figure = (label: string) => this.headline().getByRole('listitem', { name: label, exact: true });
  readonly figureValue = (label: string) => this.figure(label).getByTestId('headline-value');
  readonly notableChanges = () => this.page.getByRole('region', { name: 'Notable changes' }).getByRole('listitem');

  async goto(query = '') {
    await this.page.goto(`/quarterly-review${query}`);
  }

  async chooseQuarter(label: string) {
    await this.quarter().click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** Waits for the report of `accountName` and `quarterLabel` ("Q2 2026"). */
  async expectReport(accountName: string, quarterLabel: string) {
    await expect(this.title()).toHaveText(`${accountName} · ${quarterLabel}`, { timeout: 30_000 });
    await expect(this.figureValue('Volume')).toBeVisible();
  }

  /** Prints the page as Chromium does for "Save as PDF" and returns its text, whitespace collapsed. */
  async printedText(): Promise<string> {
    await this.page.emulateMedia({ media: 'print' });
    const pdf = await this.page.pdf({ format: 'A4', printBackground: true });
    await this.page.emulateMedia({ media: 'screen' });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }
}
