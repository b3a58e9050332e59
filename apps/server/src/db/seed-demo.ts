import crypto from 'node:crypto';
import { PLAN_PRICES } from '@rampart/shared/billing';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { accounts, demoRemovals, memberships, organizations } from './schema/accounts.ts';
import { billingCustomers, invoices, subscriptions } from './schema/billing.ts';
import { users } from './schema/identity.ts';
import { kybApplications, kybDecisions, kybDocuments, kybPeople } from './schema/kyb.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { hashPassword } from '../lib/password-policy.ts';

export const DEMO_LOGIN = { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' } as const;

export interface SeedDemoOptions {
  /** Seed even after `--remove-demo` (and forget that removal): an explicit `npm run seed`, not a start. */
  evenIfRemoved?: boolean;
  /** Where the approved KYB application's documents are written (without it, the application has none). */
  storage?: FileStorage;
}

/**
 * Creates the demo organization once, marked as demo data (organizations.is_demo, users.is_demo); later starts find it
 * and change nothing. Null when it seeds nothing: after `npm run seed -- --remove-demo` (unless `evenIfRemoved`), or
 * when a user that is not the demo's has its address.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<typeof DEMO_LOGIN | null> {
  if (options.evenIfRemoved) await db.delete(demoRemovals);
  else if ((await db.select({ removedAt: demoRemovals.removedAt }).from(demoRemovals)).length > 0) return null;
  const [existing] = await db
    .select({ id: users.id, isDemo: users.isDemo })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_LOGIN.email}`);
  // Someone's own user at the demo's address is left alone.
  if (existing && !existing.isDemo) return null;
  if (existing) {
    const [organization] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.ownerId, existing.id), eq(organizations.isDemo, true)));
    if (organization) return DEMO_LOGIN;
  }
  const documents = options.storage ? await writeDemoDocuments(options.storage) : [];
  await db.transaction(async (tx) => {
    // A demo user kept by an earlier removal (it also belongs to a real organization) owns the new demo organization.
    const [user] = existing
      ? [{ id: existing.id }]
      : await tx
          .insert(users)
          .values({
            firstName: 'Dana',
            lastName: 'Demo',
            email: DEMO_LOGIN.email,
            passwordHash: await hashPassword(DEMO_LOGIN.password),
            jobTitle: 'Founder / CEO',
            isEmailVerified: true,
            isDemo: true,
          })
          .returning({ id: users.id });
    const [organization] = await tx
      .insert(organizations)
      .values({ name: 'Demo Payments Ltd', publicName: 'Demo Payments', ownerId: user!.id, subscriptionPlanType: 'Pro', isDemo: true })
      .returning();
    const created = await tx
      .insert(accounts)
      .values([
        // Minting (issue 17) is on for the demo: collections deploy on the built-in local chain.
        { organizationId: organization!.id, name: 'Demo Payments', isVerified: true, isSelfService: true, onboardingInfo: { isMintingEnabled: true } },
        { organizationId: organization!.id, name: 'Demo Payments Sandbox', isVerified: false, isSelfService: true, onboardingInfo: { isMintingEnabled: true } },
      ])
      .returning();
    await tx
      .insert(memberships)
      .values(
        created.map((account) => ({ accountId: account.id, userId: user!.id, role: 'administrator' as const, hasAcceptedInvite: true, joinedAt: new Date() })),
      );
    await seedDemoStory(tx, organization!.id, user!.id, documents);
  });
  return DEMO_LOGIN;
}

const DAY_MS = 86_400_000;

/**
 * What makes the verified demo account's screens agree with each other: the Pro plan has its subscription (billed by the
 * built-in sandbox, renewing monthly), and the business verification behind "verified" is approved.
 */
async function seedDemoStory(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  organizationId: string,
  userId: string,
  documents: DemoDocument[],
): Promise<void> {
  const now = new Date();
  const periodStart = new Date(now.getTime() - 10 * DAY_MS);
  const periodEnd = new Date(periodStart);
  periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
  const randomId = (prefix: string) => `${prefix}${crypto.randomBytes(12).toString('base64url')}`;
  await tx.insert(billingCustomers).values({ organizationId, provider: 'sandbox', providerCustomerId: randomId('sbx_cus_') });
  await tx.insert(subscriptions).values({
    organizationId,
    provider: 'sandbox',
    providerSubscriptionId: randomId('sbx_sub_'),
    plan: 'Pro',
    priceLookupKey: 'pro_monthly',
    status: 'active',
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    paymentMethod: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: now.getUTCFullYear() + 3 },
    providerUpdatedAt: periodStart,
  });
  // The current period's invoice, paid when it began.
  await tx.insert(invoices).values({
    organizationId,
    number: sql`'RMP-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
    provider: 'sandbox',
    status: 'paid',
    plan: 'Pro',
    priceLookupKey: 'pro_monthly',
    amountDue: PLAN_PRICES.pro_monthly.usdPrice,
    amountPaid: PLAN_PRICES.pro_monthly.usdPrice,
    currency: 'usd',
    periodStart,
    periodEnd,
    attemptCount: '1',
    createdAt: periodStart,
    paidAt: periodStart,
  });
  const submittedAt = new Date(now.getTime() - 40 * DAY_MS);
  const decidedAt = new Date(now.getTime() - 38 * DAY_MS);
  const [application] = await tx
    .insert(kybApplications)
    .values({
      organizationId,
      status: 'Approved',
      companyDetails: {
        legalName: 'Demo Payments Ltd',
        registrationNumber: '12345678',
        country: 'GB',
        incorporationDate: '2021-03-15',
        registeredAddress: '1 Demo Street, London EC1A 1AA',
        industry: 'Crypto exchange',
        website: 'https://demo-payments.example',
      },
      questionnaireAnswers: {
        businessModel: 'A consumer wallet app: customers buy and sell crypto with cards and bank transfers through Rampart.',
        licencesHeld: 'FCA cryptoasset registration (demo)',
        sourceOfFunds: 'Revenue from operations',
        expectedMonthlyVolume: '$100k–$1M',
        countriesServed: ['GB', 'DE', 'FR'],
        sanctionsExposure: false,
        pepExposure: false,
      },
      submittedAt,
      decidedAt,
    })
    .returning({ id: kybApplications.id });
  const [director] = await tx
    .insert(kybPeople)
    .values({
      applicationId: application!.id,
      role: 'director',
      fullName: 'Dana Demo',
      dateOfBirth: '1985-06-01',
      nationality: 'GB',
      countryOfResidence: 'GB',
      position: 0,
    })
    .returning({ id: kybPeople.id });
  if (documents.length > 0)
    await tx.insert(kybDocuments).values(
      documents.map((document) => ({
        applicationId: application!.id,
        type: document.type,
        personId: document.type === 'identityDocument' ? director!.id : null,
        storageKey: document.storageKey,
        fileName: document.fileName,
        contentType: 'application/pdf',
        sizeBytes: document.sizeBytes,
        uploadedByUserId: userId,
        uploadedAt: submittedAt,
      })),
    );
  await tx.insert(kybDecisions).values([
    { applicationId: application!.id, status: 'Pending', actor: 'partner', createdAt: submittedAt },
    { applicationId: application!.id, status: 'Approved', actor: 'staff', createdAt: decidedAt },
  ]);
}

interface DemoDocument {
  type: 'certificateOfIncorporation' | 'proofOfAddress' | 'ownershipStructure' | 'identityDocument';
  fileName: string;
  storageKey: string;
  sizeBytes: number;
}

const DEMO_DOCUMENTS: Array<Pick<DemoDocument, 'type' | 'fileName'> & { title: string }> = [
  { type: 'certificateOfIncorporation', fileName: 'certificate-of-incorporation.pdf', title: 'Certificate of incorporation' },
  { type: 'proofOfAddress', fileName: 'proof-of-address.pdf', title: 'Proof of address' },
  { type: 'ownershipStructure', fileName: 'ownership-structure.pdf', title: 'Ownership structure' },
  { type: 'identityDocument', fileName: 'dana-demo-passport.pdf', title: 'Identity document of Dana Demo' },
];

async function writeDemoDocuments(storage: FileStorage): Promise<DemoDocument[]> {
  return Promise.all(
    DEMO_DOCUMENTS.map(async (document) => {
      const bytes = demoPdf(`${document.title} - made-up demo document`);
      return { type: document.type, fileName: document.fileName, storageKey: await storage.put(bytes, 'application/pdf'), sizeBytes: bytes.length };
    }),
  );
}

/** A one-page PDF showing one line of text, so the demo's documents open in a viewer. */
function demoPdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
