import { expect, type Page } from '@playwright/test';

/** /developers/nft-commerce: checkout settings, minting and the collections. */
export class NftCommercePage {
  constructor(readonly page: Page) {}
  readonly chain = () => this.page.getByRole('region', { name: 'Chain' });
  readonly createButton = () => this.page.getByRole('button', { name: 'Create collection' });
  readonly deployDialog = () => this.page.getByRole('dialog', { name: /Create a collection|is deployed/ });
  readonly mintDialog = () => this.page.getByRole('dialog', { name: /^Mint a / });
  readonly collections = () => this.page.getByRole('list', { name: 'Collections' });
  readonly collection = (name: string) => this.collections().getByRole('listitem').filter({ hasText: name });
  readonly mints = (name: string) => this.page.getByRole('table', { name: `Tokens minted in ${name}` });
  readonly notEnabled = () => this.page.getByText('Minting is not turned on for this account');

  async goto() {
    await this.page.goto('/developers/nft-commerce');
    await expect(this.page).toHaveTitle('Developers · NFT commerce · Rampart', { timeout: 30_000 });
    await expect(this.page.getByRole('heading', { name: 'Minting', exact: true })).toBeVisible({ timeout: 30_000 });
  }

  /** Fills the create dialog and deploys; returns the contract address and deploy transaction shown when done. */
  async deploy(values: { name: string; symbol: string; imageUrl?: string; baseTokenUri?: string }) {
    await this.createButton().click();
    const dialog = this.deployDialog();
    await dialog.getByLabel('Name').fill(values.name);
    await dialog.getByLabel('Symbol').fill(values.symbol);
    if (values.imageUrl) await dialog.getByLabel('Image URL (optional)').fill(values.imageUrl);
    if (values.baseTokenUri) await dialog.getByLabel('Base token URI (optional)').fill(values.baseTokenUri);
    await dialog.getByRole('button', { name: 'Deploy collection' }).click();
    await expect(this.page.getByRole('heading', { name: `${values.name} is deployed` })).toBeVisible({ timeout: 60_000 });
    const contractAddress = (await dialog.getByLabel('Contract address', { exact: true }).innerText()).trim();
    const transaction = (await dialog.getByLabel('Deploy transaction', { exact: true }).innerText()).trim();
    return { contractAddress, transaction };
  }
}
