import zlib from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';

// Issue 11's screens: the partner's business verification and go-live checklist, the staff's review queues.

/** A small, valid one-page PDF (what file-type and a browser both recognise as application/pdf). */
export function pdfBytes(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small, valid PNG of one colour (RGB 8-bit), built chunk by chunk. */
export function pngBytes(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface CompanyDetails {
  legalName: string;
  registrationNumber: string;
  country: string;
  incorporationDate: string;
  registeredAddress: string;
  industry: string;
  website: string;
}

export interface Person {
  role: 'Beneficial owner' | 'Director';
  fullName: string;
  dateOfBirth: string;
  nationality: string;
  countryOfResidence: string;
  ownershipPercentage?: string;
}

/** Types into a country combobox and picks the country named `name`. */
export async function chooseCountry(page: Page, combobox: Locator, name: string) {
  await combobox.fill(name.slice(0, 5));
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect(combobox).toHaveValue(name);
}

/** /dashboard/{product}/kyb */
export class KybPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('main').getByRole('heading', { level: 1 });
  readonly stepper = () => this.page.getByRole('navigation', { name: 'Verification steps' });
  readonly step = (title: string | RegExp) => this.stepper().getByRole('button', { name: title });
  readonly reviewStatus = () => this.page.getByRole('region', { name: 'Review status' });
  readonly documentSlot = (title: string) => this.page.getByRole('listitem', { name: title, exact: true });

  async expectLoaded() {
    await expect(this.heading()).toHaveText('Business verification', { timeout: 30_000 });
    await expect(this.reviewStatus()).toBeVisible({ timeout: 30_000 });
  }

  async fillCompanyDetails(details: CompanyDetails) {
    const form = this.page.getByRole('form', { name: 'Company details' });
    await form.getByLabel('Legal name').fill(details.legalName);
    await form.getByLabel('Registration number').fill(details.registrationNumber);
    await chooseCountry(this.page, form.getByRole('combobox', { name: 'Country of incorporation' }), details.country);
    await form.getByLabel('Date of incorporation').fill(details.incorporationDate);
    await form.getByLabel('Registered address').fill(details.registeredAddress);
    await form.getByRole('combobox', { name: 'Industry' }).click();
    await this.page.getByRole('option', { name: details.industry, exact: true }).click();
    await form.getByLabel('Website').fill(details.website);
    await form.getByRole('button', { name: 'Save and continue' }).click();
  }

  async addPerson(person: Person) {
    await this.page.getByRole('button', { name: 'Add person' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add a person' });
    await dialog.getByRole('radio', { name: person.role }).check();
    await dialog.getByLabel('Full name').fill(person.fullName);
    await dialog.getByLabel('Date of birth').fill(person.dateOfBirth);
    if (person.ownershipPercentage) await dialog.getByLabel(/^Ownership \(%\)/).fill(person.ownershipPercentage);
    await chooseCountry(this.page, dialog.getByRole('combobox', { name: 'Nationality' }), person.nationality);
    await chooseCountry(this.page, dialog.getByRole('combobox', { name: 'Country of residence' }), person.countryOfResidence);
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByRole('list', { name: 'Owners and directors' })).toContainText(person.fullName);
  }

  /** Uploads into a document slot through its (visually hidden) file input. */
  async upload(slotTitle: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    const slot = this.documentSlot(slotTitle);
    await slot.getByLabel(new RegExp(`^Upload( another)?: `)).setInputFiles(file);
    await expect(slot.getByText(file.name, { exact: true })).toBeVisible();
    await expect(slot.getByText('Uploaded', { exact: true })).toBeVisible();
  }
}

/** /dashboard/{product}/go-live */
export class GoLivePage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('main').getByRole('heading', { level: 1 });
  readonly status = () => this.page.getByRole('region', { name: 'Go-live status' });
  readonly checklist = () => this.page.getByRole('list', { name: 'Go-live checklist' });
  readonly item = (label: string) => this.checklist().getByRole('listitem', { name: label, exact: true });

  async expectLoaded() {
    await expect(this.heading()).toHaveText('Go live', { timeout: 30_000 });
    await expect(this.checklist()).toBeVisible({ timeout: 30_000 });
  }
}

/** /admin/kyb and /admin/kyb/:applicationId */
export class KybReviewPages {
  constructor(readonly page: Page) {}

  readonly applications = () => this.page.getByRole('table', { name: 'Applications' });
  readonly applicationRow = (organizationName: string) => this.applications().getByRole('row').filter({ hasText: organizationName });
  readonly documents = () => this.page.getByRole('list', { name: 'Documents' });
  readonly preview = (fileName: string) => this.page.getByRole('region', { name: `Preview of ${fileName}` });
  readonly decisionDialog = () => this.page.getByRole('alertdialog');
  readonly history = () => this.page.getByRole('list', { name: 'Decision history' });

  async gotoQueue(search?: string) {
    await this.page.goto(search ? `/admin/kyb?q=${encodeURIComponent(search)}` : '/admin/kyb');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Business verification', { timeout: 30_000 });
  }

  /** Opens the decision confirmation from the application's header, fills the reason and confirms. */
  async decide(action: 'Start review' | 'Put on hold' | 'Approve' | 'Reject', reason?: string) {
    await this.page.getByRole('main').getByRole('button', { name: action, exact: true }).click();
    const dialog = this.decisionDialog();
    await expect(dialog).toBeVisible();
    if (reason) await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
