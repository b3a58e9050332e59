import { expect, type FrameLocator, type Page } from '@playwright/test';
import { chooseSelectOption } from './developers-pages.ts';

// Issue 12's partner screens (cryptocurrencies, fees, integrate) and the widget, by role and label.

/** /dashboard/on-ramp/cryptos */
export class CryptosPage {
  constructor(readonly page: Page) {}
  readonly main = () => this.page.getByRole('main');
  readonly offer = (name: string, code: string) => this.main().getByRole('switch', { name: `Offer ${name} (${code}) for buying`, exact: true });
  readonly unsaved = () => this.main().getByRole('region', { name: 'Unsaved changes' });

  async goto() {
    await this.page.goto('/dashboard/on-ramp/cryptos');
    await expect(this.main().getByRole('searchbox', { name: 'Search cryptocurrencies' })).toBeVisible({ timeout: 30_000 });
  }

  readonly counts = () => this.main().getByText(/ of \d+ available assets offered for buying/);

  /** Offers exactly these assets: every network selected and disabled in bulk, then the assets switched on, saved. */
  async offerOnly(assets: ReadonlyArray<{ name: string; code: string }>) {
    const networks = this.main().getByRole('checkbox', { name: /^Select every .* asset$/ });
    await expect(networks.first()).toBeVisible();
    for (const checkbox of await networks.all()) await checkbox.check();
    await this.main().getByRole('toolbar', { name: 'Selected assets' }).getByRole('button', { name: 'Disable selected' }).click();
    for (const asset of assets) {
      const control = this.offer(asset.name, asset.code);
      await expect(control).not.toBeChecked();
      await control.click();
      await expect(control).toBeChecked();
    }
    await expect(this.counts()).toHaveText(new RegExp(`^${assets.length} of `));
    const save = this.unsaved().getByRole('button', { name: 'Save changes' });
    const pressed = (await save.boundingBox())!;
    await save.click();
    await expect(this.page.getByText('Cryptocurrencies saved', { exact: true })).toBeVisible();
    // Issue 36: the toast leaves the button it answers (here in the bar stuck to the bottom of the screen) uncovered.
    const shown = (await this.page
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .first()
      .boundingBox())!;
    const covers =
      shown.x < pressed.x + pressed.width && pressed.x < shown.x + shown.width && shown.y < pressed.y + pressed.height && pressed.y < shown.y + shown.height;
    expect(covers, `the toast ${JSON.stringify(shown)} covers the button ${JSON.stringify(pressed)}`).toBe(false);
    await expect(this.unsaved()).toBeHidden();
  }
}

export interface CalculatorFigures {
  feeAmount: string;
  networkFeeAmount: string;
  extraFeeAmount: string;
  totalFeeAmount: string;
  cryptoAmount: string;
}

/** "1,234.50" or "$1,234.50" or "BTC 0.00123" → "1234.5": figures compared as decimals, whatever the formatting. */
export function decimalOf(text: string): string {
  const digits = text.replace(/[^0-9.-]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(digits)) throw new Error(`No amount in "${text}"`);
  return digits.includes('.') ? digits.replace(/0+$/, '').replace(/\.$/, '') : digits;
}

/** /dashboard/on-ramp/fees: the partner fee editor and the calculator. */
export class FeesPage {
  constructor(readonly page: Page) {}
  readonly main = () => this.page.getByRole('main');
  readonly calculator = () => this.main().getByRole('region', { name: 'Fee calculator' });
  readonly yourFee = () => this.main().getByRole('region', { name: 'Your fee', exact: true });
  readonly editor = () => this.page.getByRole('dialog', { name: /^Edit your fee/ });

  async goto() {
    await this.page.goto('/dashboard/on-ramp/fees');
    await expect(this.calculator()).toBeVisible({ timeout: 30_000 });
  }

  /** One partner fee rule: Global, every payment method, this page's transaction type (buy). */
  async setGlobalPartnerFee(percentage: string) {
    await this.yourFee().getByRole('button', { name: 'Edit your fee' }).click();
    const dialog = this.editor();
    await expect(dialog.getByText('No rules of your own: the defaults apply.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Region of rule 1' })).toHaveText('Global');
    await expect(dialog.getByRole('combobox', { name: 'Payment method of rule 1' })).toHaveText('All methods');
    await dialog.getByRole('textbox', { name: 'Percentage of rule 1' }).fill(percentage);
    await dialog.getByRole('textbox', { name: 'Fixed value of rule 1' }).fill('0');
    await dialog.getByRole('textbox', { name: 'Minimum of rule 1' }).fill('0');
    await dialog.getByRole('button', { name: 'Save your fee' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByText('Your fee saved', { exact: true })).toBeVisible();
  }

  /** Sets the calculator's customer and reads its sentence: "… gets X BTC; fees $T (provider $a, network $b, your fee $c); you earn $c." */
  async quote({
    country,
    method,
    fiat,
    asset,
    amount,
  }: {
    country: string;
    method: string;
    fiat: string;
    asset: string;
    amount: string;
  }): Promise<CalculatorFigures> {
    const calculator = this.calculator();
    await expect(calculator.getByRole('combobox', { name: 'Customer’s country' })).toHaveValue(country);
    await chooseSelectOption(this.page, calculator.getByRole('combobox', { name: 'Payment method' }), method);
    await chooseSelectOption(this.page, calculator.getByRole('combobox', { name: 'Pays in' }), fiat);
    await chooseSelectOption(this.page, calculator.getByRole('combobox', { name: 'Buys' }), asset);
    await calculator.getByRole('textbox', { name: /^Amount paid/ }).fill(amount);
    const sentence = calculator.getByTestId('quote-sentence');
    await expect(sentence).toContainText(`paying $${amount}`);
    const text = (await sentence.innerText()).replace(/\s+/g, ' ');
    const match = /gets ([\d.,]+) (\w+); fees (\S+) \(provider \D*([\d.,]+), network \D*([\d.,]+), your fee \D*([\d.,]+)\)/.exec(text);
    if (!match) throw new Error(`Unexpected calculator sentence: ${text}`);
    return {
      cryptoAmount: decimalOf(match[1]!),
      totalFeeAmount: decimalOf(match[3]!),
      feeAmount: decimalOf(match[4]!),
      networkFeeAmount: decimalOf(match[5]!),
      extraFeeAmount: decimalOf(match[6]!),
    };
  }
}

/** /dashboard/on-ramp/integrate: the widget URL builder. */
export class IntegratePage {
  constructor(readonly page: Page) {}
  readonly builder = () => this.page.getByRole('main').getByRole('region', { name: 'Widget URL builder' });
  readonly signedUrl = () => this.builder().getByLabel('Signed URL', { exact: true });

  async goto() {
    await this.page.goto('/dashboard/on-ramp/integrate');
    await expect(this.builder()).toBeVisible({ timeout: 30_000 });
  }

  async build(params: { asset: string; walletAddress: string; email: string; amount: string; fiat: string }): Promise<string> {
    const builder = this.builder();
    await chooseSelectOption(this.page, builder.getByRole('combobox', { name: 'Asset bought' }), params.asset);
    await chooseSelectOption(this.page, builder.getByRole('combobox', { name: 'Pays in' }), params.fiat);
    await builder.getByLabel('Wallet address', { exact: true }).fill(params.walletAddress);
    await builder.getByLabel('Customer e-mail', { exact: true }).fill(params.email);
    await builder.getByLabel('Amount', { exact: true }).fill(params.amount);
    await builder.getByRole('button', { name: 'Sign URL' }).click();
    await expect(builder.getByText('Signed', { exact: true })).toBeVisible({ timeout: 30_000 });
    // The signed URL of the last edit: every parameter typed, the signature last.
    await expect(this.signedUrl()).toContainText(`walletAddress=${params.walletAddress}`);
    await expect(this.signedUrl()).toContainText(`baseCurrencyAmount=${params.amount}`);
    await expect(this.signedUrl()).toContainText(`email=${encodeURIComponent(params.email)}`);
    await expect(this.signedUrl()).toHaveText(/&signature=[^&]+$/);
    return (await this.signedUrl().innerText()).trim();
  }
}

/** The widget, in a page of its own or inside a host page's iframe. */
export class WidgetFrame {
  constructor(readonly root: Page | FrameLocator) {}
  readonly heading = () => this.root.getByRole('heading', { level: 1 });
  readonly testModeBadge = () => this.root.getByText('TEST MODE', { exact: true });
  readonly price = () => this.root.getByRole('region', { name: 'Price' });

  /** Amount, details (country), test card, pay; leaves the widget on its processing or result step. */
  async buy({ country, card }: { country: { code: string; name: string }; card: string }) {
    await expect(this.heading()).toHaveText('Buy crypto', { timeout: 30_000 });
    await expect(this.price()).toBeVisible();
    await this.root.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(this.heading()).toHaveText('Your details');
    const countryPicker = this.root.getByLabel('Country of residence', { exact: true });
    await countryPicker.click();
    const sheet = this.root.getByRole('dialog', { name: 'Choose your country' });
    await sheet.getByRole('combobox', { name: 'Search countries' }).fill(country.name);
    await sheet.getByRole('option', { name: `${country.name} ${country.code}`, exact: true }).click();
    await expect(sheet).toBeHidden();
    await expect(countryPicker).toContainText(country.name);
    await this.root.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(this.heading()).toHaveText('Pay by card');
    await this.root.getByRole('button', { name: new RegExp(`^Fill in ${card}`) }).click();
    await expect(this.root.getByLabel('Card number', { exact: true })).toHaveValue(card);
    await this.root.getByRole('button', { name: /^Pay / }).click();
  }

  /** The transaction id the result step shows ("Reference …"). */
  async reference(): Promise<string> {
    const text = await this.root.getByText(/^Reference /).innerText();
    return text.replace(/^Reference\s+/, '').trim();
  }
}
