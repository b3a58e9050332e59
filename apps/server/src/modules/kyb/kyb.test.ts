import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYB_MAX_FILE_BYTES } from '@rampart/shared/kyb';
import { ApiClient, errorCode, startTestApp, type GraphQLResult, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';

const LINK_SECRET = 'kyb-test-link-secret-0123456789abcdef';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-kyb-'));
const filesDir = path.join(dataDir, 'files');
let t: TestApp;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f50000000049454e44ae426082',
  'hex',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 1)]);
const MZ = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 0), Buffer.from('ffd9', 'hex')]);

const APPLICATION = `id status reason level provider organizationName country industry submittedAt
  companyDetails { legalName country industry }
  people { id role fullName ownershipPercentage }
  documents { id type personId fileName contentType sizeBytes }
  questionnaire { version answersJson submittedAt }
  decisions { status reason decidedByName }`;
const STEPS = `query($o: ID!) { getApplicantVerificationSteps(organizationId: $o) { key state message } }`;
const COMPANY = `mutation($a: ID!, $i: KybCompanyDetailsInput!) { saveKybCompanyDetails(accountId: $a, input: $i) { ${APPLICATION} } }`;
const PEOPLE = `mutation($a: ID!, $p: [KybPersonInput!]!) { saveKybPeople(accountId: $a, people: $p) { ${APPLICATION} } }`;
const QUESTIONNAIRE = `mutation($a: ID!, $j: String!) { saveKybQuestionnaire(accountId: $a, answersJson: $j) { answersJson } }`;
const SUBMIT = `mutation($a: ID!) { submitKyb(accountId: $a) { ${APPLICATION} } }`;
const REVIEW = `mutation($id: ID!, $s: ReviewStatusValue!, $r: String) { updateReview(applicationId: $id, status: $s, reason: $r) { ${APPLICATION} } }`;
const UPLOAD = `mutation($a: ID!, $type: KybDocumentType!, $personId: ID, $file: Upload!) { uploadKybDocument(accountId: $a, type: $type, personId: $personId, file: $file) { id type personId fileName contentType sizeBytes } }`;
const LINK = `query($id: ID!) { kybDocumentLink(id: $id) { url expiresAt } }`;
const QUEUE = `query($s: [ReviewStatusValue!], $c: String, $p: String, $b: DateTime, $q: String) { kybApplications(status: $s, country: $c, product: $p, submittedBefore: $b, search: $q) { totalCount items { id organizationName status } } }`;

const COMPANY_DETAILS = {
  legalName: 'Acme Payments Ltd',
  registrationNumber: '01234567',
  country: 'GB',
  incorporationDate: '2019-04-01',
  registeredAddress: '1 Main Street, London EC1A 1AA',
  industry: 'Payments',
  website: 'https://acme.example',
};
const OWNER = {
  role: 'beneficialOwner',
  fullName: 'Ada Owner',
  dateOfBirth: '1980-02-03',
  nationality: 'GB',
  countryOfResidence: 'GB',
  ownershipPercentage: '60',
};
const DIRECTOR = { role: 'director', fullName: 'Dan Director', dateOfBirth: '1975-06-07', nationality: 'FR', countryOfResidence: 'GB' };
const ANSWERS = {
  businessModel: 'We sell crypto to retail customers through our wallet.',
  licencesHeld: 'FCA cryptoasset registration',
  sourceOfFunds: 'Revenue from operations',
  expectedMonthlyVolume: '$100k–$1M',
  countriesServed: ['GB', 'FR'],
  sanctionsExposure: false,
  pepExposure: false,
};

/** A GraphQL multipart request, as the web's upload link sends it (operations, map, then the file). */
function upload(client: ApiClient, variables: Record<string, unknown>, file: { bytes: Buffer; name: string; type?: string }): Promise<GraphQLResult<any>> {
  return client.upload(UPLOAD, variables, { file: { ...file, type: file.type ?? 'application/octet-stream' } });
}

/**
 * The same request built by hand, so the file part's Content-Disposition carries exactly the given parameters (FormData
 * would escape some characters of a name).
 */
async function uploadDeclaring(client: ApiClient, variables: Record<string, unknown>, fileParameters: string, bytes: Buffer): Promise<GraphQLResult<any>> {
  const boundary = `rampart-${crypto.randomUUID()}`;
  const part = (headers: string, body: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
  const body = Buffer.concat([
    part('Content-Disposition: form-data; name="operations"', JSON.stringify({ query: UPLOAD, variables: { ...variables, file: null } })),
    part('Content-Disposition: form-data; name="map"', JSON.stringify({ 0: ['variables.file'] })),
    part(`Content-Disposition: form-data; name="0"; ${fileParameters}\r\nContent-Type: application/octet-stream`, bytes),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${client.baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'apollo-require-preflight': 'true',
      'x-csrf-token': client.csrfToken,
      'x-forwarded-for': client.ip,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    body,
  });
  return { status: response.status, ...((await response.json()) as object) } as GraphQLResult<any>;
}

const storedFiles = () => (fs.existsSync(filesDir) ? fs.readdirSync(filesDir).sort() : []);
const documentCount = async (accountId: string) =>
  Number(
    (
      await t.database.pool.query(
        `select count(*) from kyb_documents d join kyb_applications k on k.id = d.application_id join accounts a on a.organization_id = k.organization_id where a.id = $1`,
        [accountId],
      )
    ).rows[0].count,
  );

/** A partner with company details, an owner and a director saved. */
async function preparedPartner(name: string, onboarding: Record<string, unknown> | null = null) {
  const partner = await accountWithMember(t, { name });
  if (onboarding) await t.database.pool.query(`update accounts set onboarding_details = $2 where id = $1`, [partner.accountId, JSON.stringify(onboarding)]);
  await partner.client.ok(COMPANY, { a: partner.accountId, i: { ...COMPANY_DETAILS, legalName: `${name} Ltd` } });
  const saved = (await partner.client.ok(PEOPLE, { a: partner.accountId, p: [OWNER, DIRECTOR] })).saveKybPeople;
  return { ...partner, people: saved.people as Array<{ id: string; fullName: string }> };
}

async function completeAndSubmit(partner: Pick<Awaited<ReturnType<typeof preparedPartner>>, 'client' | 'accountId' | 'people'>) {
  for (const type of ['certificateOfIncorporation', 'proofOfAddress', 'ownershipStructure']) {
    expect((await upload(partner.client, { a: partner.accountId, type }, { bytes: PDF, name: `${type}.pdf` })).errors).toBeUndefined();
  }
  for (const person of partner.people) {
    expect(
      (await upload(partner.client, { a: partner.accountId, type: 'identityDocument', personId: person.id }, { bytes: PNG, name: 'passport.png' })).errors,
    ).toBeUndefined();
  }
  await partner.client.ok(QUESTIONNAIRE, { a: partner.accountId, j: JSON.stringify(ANSWERS) });
  return (await partner.client.ok(SUBMIT, { a: partner.accountId })).submitKyb;
}

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: dataDir, FILE_LINK_SECRET: LINK_SECRET, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }, { worker: true });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the partner fills in the application', () => {
  it('walks every step with real multipart uploads, and the steps follow', async () => {
    const partner = await accountWithMember(t, { name: 'Flow' });
    const steps = async () =>
      (await partner.client.ok(STEPS, { o: partner.organizationId })).getApplicantVerificationSteps as Array<{
        key: string;
        state: string;
        message: string | null;
      }>;
    expect((await steps()).map((step) => `${step.key}:${step.state}`)).toEqual([
      'companyDetails:notStarted',
      'ownership:notStarted',
      'documents:notStarted',
      'questionnaire:notStarted',
      'review:notStarted',
    ]);

    const company = (await partner.client.ok(COMPANY, { a: partner.accountId, i: COMPANY_DETAILS })).saveKybCompanyDetails;
    expect(company).toMatchObject({ status: 'Draft', level: 'Basic', country: 'GB', industry: 'Payments', provider: 'Rampart' });
    const people = (await partner.client.ok(PEOPLE, { a: partner.accountId, p: [OWNER, DIRECTOR] })).saveKybPeople.people;
    expect(people.map((person: { ownershipPercentage: string | null }) => person.ownershipPercentage)).toEqual(['60', null]);

    const certificate = await upload(
      partner.client,
      { a: partner.accountId, type: 'certificateOfIncorporation' },
      { bytes: PDF, name: 'certificate.pdf', type: 'application/pdf' },
    );
    expect(certificate.errors).toBeUndefined();
    expect(certificate.data.uploadKybDocument).toMatchObject({
      type: 'certificateOfIncorporation',
      fileName: 'certificate.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    expect((await steps()).find((step) => step.key === 'documents')).toMatchObject({ state: 'inProgress' });
    expect((await steps()).find((step) => step.key === 'documents')!.message).toContain('proof of address');

    // Saving the list again keeps each person's id, so an identity document stays with its person.
    const again = (await partner.client.ok(PEOPLE, { a: partner.accountId, p: [{ ...OWNER, id: people[0].id }, DIRECTOR] })).saveKybPeople.people;
    expect(again.map((person: { id: string }) => person.id)).toEqual(people.map((person: { id: string }) => person.id));

    const saved = (await partner.client.ok(QUESTIONNAIRE, { a: partner.accountId, j: JSON.stringify({ businessModel: 'Wallet with on-ramp' }) }))
      .saveKybQuestionnaire;
    expect(JSON.parse(saved.answersJson)).toEqual({ businessModel: 'Wallet with on-ramp' });
    expect((await steps()).find((step) => step.key === 'questionnaire')).toMatchObject({ state: 'inProgress' });

    const partial = await partner.client.gql(SUBMIT, { a: partner.accountId });
    expect(errorCode(partial)).toBe('BAD_USER_INPUT');
    expect(partial.errors![0]!.message).toMatch(/proof of address/);
    expect(partial.errors![0]!.message).toMatch(/identity document of Ada Owner/);
    expect(partial.errors![0]!.message).toMatch(/an answer to sourceOfFunds/);
    expect(Object.keys(partial.errors![0]!.extensions!.fields!)).toEqual(['documents', 'questionnaire']);

    for (const type of ['proofOfAddress', 'ownershipStructure'])
      await upload(partner.client, { a: partner.accountId, type }, { bytes: PNG, name: `${type}.png` });
    for (const person of people)
      await upload(partner.client, { a: partner.accountId, type: 'identityDocument', personId: person.id }, { bytes: PDF, name: 'id.pdf' });
    await partner.client.ok(QUESTIONNAIRE, { a: partner.accountId, j: JSON.stringify(ANSWERS) });
    expect((await steps()).slice(0, 4).every((step) => step.state === 'completed')).toBe(true);

    const submitted = (await partner.client.ok(SUBMIT, { a: partner.accountId })).submitKyb;
    expect(submitted).toMatchObject({ status: 'Pending', decisions: [{ status: 'Pending', reason: null, decidedByName: 'Test Member' }] });
    expect(submitted.documents).toHaveLength(5);
    expect((await steps()).at(-1)).toMatchObject({ key: 'review', state: 'inProgress' });
    expect((await t.smtp.waitFor(partner.email, /^Business verification: received$/)).text).toContain('Nothing to do for now');
    const status = (await partner.client.ok(`query($a: ID!) { reviewStatus(accountId: $a) { status level reason nextStep } }`, { a: partner.accountId }))
      .reviewStatus;
    expect(status).toMatchObject({ status: 'Pending', level: 'Basic', reason: null });

    // Submitted: nothing can change until a reviewer puts it on hold.
    for (const [query, variables] of [
      [COMPANY, { a: partner.accountId, i: COMPANY_DETAILS }],
      [PEOPLE, { a: partner.accountId, p: [OWNER, DIRECTOR] }],
      [QUESTIONNAIRE, { a: partner.accountId, j: '{}' }],
      [SUBMIT, { a: partner.accountId }],
      [`mutation($id: ID!) { deleteKybDocument(id: $id) }`, { id: submitted.documents[0].id }],
    ] as const) {
      const refused = await partner.client.gql(query, variables);
      expect(errorCode(refused), query).toBe('CONFLICT');
      expect(refused.errors![0]!.message).toMatch(/submitted and waits for review/);
    }
    const lateUpload = await upload(partner.client, { a: partner.accountId, type: 'proofOfAddress' }, { bytes: PDF, name: 'late.pdf' });
    expect(errorCode(lateUpload)).toBe('CONFLICT');
    expect(await documentCount(partner.accountId)).toBe(5);
  });

  it('starts the company details from onboarding, and is In progress (Draft) everywhere from the first saved step until submitted', async () => {
    const staff = await signedInUser(t, { adminRole: 'KybAnalyst' });
    const user = await signedInUser(t);
    const onboarding = {
      accountName: 'Draft Pay',
      legalName: 'Draft Payments Ltd',
      country: 'IE',
      industry: 'Wallet',
      websiteUrls: ['https://draft.example', 'https://pay.draft.example'],
      productInterests: ['OnRamp'],
      expectedMonthlyVolume: 'Under $10k',
      registrationNumber: 'IE-998877',
    };
    const accountId = (await user.client.ok(`mutation($i: OnboardingInfoInput!) { createOnboardingInfo(input: $i) { id } }`, { i: onboarding }))
      .createOnboardingInfo.id as string;
    const everywhere = async () => {
      const data = await user.client.ok(
        `query($a: ID!) {
          kybApplication(accountId: $a) { status companyDetails { legalName } companyDetailsFromOnboarding { legalName registrationNumber country industry website } }
          reviewStatus(accountId: $a) { status nextStep }
          gettingStarted(accountId: $a) { steps { key state detail } }
          productStatus(id: $a) { shared { suitabilityReviewStatus } checklist(product: OnRamp) { key state detail } }
        }`,
        { a: accountId },
      );
      const queued = async (status: string) =>
        ((await staff.client.ok(QUEUE, { s: [status], q: 'Draft Payments' })).kybApplications.items as Array<{ status: string }>).map((item) => item.status);
      return {
        application: data.kybApplication,
        statuses: [data.kybApplication.status, data.reviewStatus.status, data.productStatus.shared.suitabilityReviewStatus],
        nextStep: data.reviewStatus.nextStep as string,
        verifyBusiness: data.gettingStarted.steps.find((step: { key: string }) => step.key === 'verifyBusiness'),
        checklist: data.productStatus.checklist.find((item: { key: string }) => item.key === 'kyb'),
        queue: { notStarted: await queued('NotStarted'), draft: await queued('Draft') },
      };
    };

    const fresh = await everywhere();
    expect(fresh.application.companyDetails).toBeNull();
    expect(fresh.application.companyDetailsFromOnboarding).toEqual({
      legalName: 'Draft Payments Ltd',
      registrationNumber: 'IE-998877',
      country: 'IE',
      industry: 'Wallet',
      website: 'https://draft.example',
    });
    expect(fresh.statuses).toEqual(['NotStarted', 'NotStarted', 'NotStarted']);
    expect(fresh.verifyBusiness).toEqual({ key: 'verifyBusiness', state: 'open', detail: null });
    expect(fresh.queue).toEqual({ notStarted: ['NotStarted'], draft: [] });

    // The first saved step, whichever it is, makes it a draft: "In progress" on every screen and in the staff queue.
    const people = (await user.client.ok(PEOPLE, { a: accountId, p: [OWNER, DIRECTOR] })).saveKybPeople;
    expect(people.status).toBe('Draft');
    const started = await everywhere();
    expect(started.statuses).toEqual(['Draft', 'Draft', 'Draft']);
    expect(started.nextStep).toMatch(/where you left off/);
    expect(started.verifyBusiness).toMatchObject({ state: 'started', detail: expect.stringMatching(/^In progress/) });
    expect(started.checklist).toMatchObject({ state: 'actionRequired', detail: expect.stringMatching(/^In progress/) });
    expect(started.queue).toEqual({ notStarted: [], draft: ['Draft'] });
    expect(started.application.companyDetailsFromOnboarding).toMatchObject({ legalName: 'Draft Payments Ltd' });

    // The partner may change what onboarding said; once saved the details are theirs and onboarding's are no longer offered.
    const company = (await user.client.ok(COMPANY, { a: accountId, i: { ...COMPANY_DETAILS, legalName: 'Draft Payments Holdings Ltd' } }))
      .saveKybCompanyDetails;
    expect(company).toMatchObject({ status: 'Draft', companyDetails: { legalName: 'Draft Payments Holdings Ltd' } });
    expect((await everywhere()).application.companyDetailsFromOnboarding).toBeNull();

    const submitted = await completeAndSubmit({ client: user.client, accountId, people: people.people });
    expect(submitted.status).toBe('Pending');
    const pending = await everywhere();
    expect(pending.statuses).toEqual(['Pending', 'Pending', 'Pending']);
    expect(pending.verifyBusiness).toMatchObject({ state: 'inProgress' });
    expect(pending.queue).toEqual({ notStarted: [], draft: [] });
  });

  it('validates each field, the shares and each answer with messages naming them', async () => {
    const partner = await accountWithMember(t, { name: 'Validation' });
    const company = await partner.client.gql(COMPANY, {
      a: partner.accountId,
      i: { ...COMPANY_DETAILS, country: 'XX', incorporationDate: '2019-02-30', website: 'javascript:alert(1)' },
    });
    expect(errorCode(company)).toBe('BAD_USER_INPUT');
    expect(company.errors![0]!.extensions!.fields).toMatchObject({
      country: expect.any(String),
      incorporationDate: 'Enter a real date as YYYY-MM-DD',
      website: 'Enter a full URL starting with https://',
    });

    const small = await partner.client.gql(PEOPLE, { a: partner.accountId, p: [{ ...OWNER, ownershipPercentage: '10' }] });
    expect(small.errors![0]!.extensions!.fields).toHaveProperty(['0.ownershipPercentage']);
    const over = await partner.client.gql(PEOPLE, { a: partner.accountId, p: [OWNER, { ...OWNER, fullName: 'Bea Owner', ownershipPercentage: '50.5' }] });
    expect(over.errors![0]!.message).toBe('The shares add up to 110.5 %, more than 100 %');
    const notDecimal = await partner.client.gql(PEOPLE, { a: partner.accountId, p: [{ ...OWNER, ownershipPercentage: 60 }] });
    expect(errorCode(notDecimal)).toBe('BAD_USER_INPUT');

    const answers = await partner.client.gql(QUESTIONNAIRE, {
      a: partner.accountId,
      j: JSON.stringify({ sourceOfFunds: 'Lottery', pepExposure: 'no', unknownKey: 1 }),
    });
    expect(errorCode(answers)).toBe('BAD_USER_INPUT');
    expect(answers.errors![0]!.extensions!.fields).toEqual({
      sourceOfFunds: expect.stringMatching(/^sourceOfFunds: choose one of/),
      pepExposure: 'pepExposure: answer yes or no (true or false)',
      unknownKey: 'unknownKey: not a question of this questionnaire',
    });
    expect(errorCode(await partner.client.gql(QUESTIONNAIRE, { a: partner.accountId, j: 'not json' }))).toBe('BAD_USER_INPUT');
    const stored = await t.database.pool.query(`select company_details, questionnaire_answers from kyb_applications where organization_id = $1`, [
      partner.organizationId,
    ]);
    // Refused input changed nothing: the application was not even created.
    expect(stored.rows).toEqual([]);
  });

  it('needs Enhanced verification for off-ramp and when the provider requires it', async () => {
    const partner = await accountWithMember(t, { name: 'Enhanced' });
    const initiated = (
      await partner.client.ok(`mutation($a: ID!) { initiateKyb(accountId: $a, product: "OffRamp") { level status provider } }`, { a: partner.accountId })
    ).initiateKyb;
    expect(initiated).toEqual({ level: 'Enhanced', status: 'NotStarted', provider: 'Rampart' });
    const white = await accountWithMember(t, { name: 'White glove' });
    await t.database.pool.query(`update accounts set requires_enhanced_kyb = true where id = $1`, [white.accountId]);
    expect((await white.client.ok(`query($a: ID!) { kybApplication(accountId: $a) { level } }`, { a: white.accountId })).kybApplication.level).toBe('Enhanced');
    expect((await t.app.services.kyb.statusOfAccount(white.accountId)).level).toBe('Enhanced');
  });
});

describe('uploads are checked by content and refused ones store nothing', () => {
  let partner: Awaited<ReturnType<typeof preparedPartner>>;
  beforeAll(async () => {
    partner = await preparedPartner('Uploads');
  });

  const refusedCases: Array<[string, { bytes: Buffer; name: string; type?: string }, RegExp]> = [
    [
      'an ELF executable named .pdf',
      { bytes: ELF, name: 'statement.pdf', type: 'application/pdf' },
      /not a PDF, PNG or JPEG \(checked by its content, not its name\)/,
    ],
    ['a Windows executable named .png', { bytes: MZ, name: 'logo.png', type: 'image/png' }, /not a PDF, PNG or JPEG/],
    ['an empty file', { bytes: Buffer.alloc(0), name: 'empty.pdf' }, /The file is empty/],
    ['a file just over 10 MB', { bytes: Buffer.concat([PDF, Buffer.alloc(KYB_MAX_FILE_BYTES + 1 - PDF.length, 0x20)]), name: 'big.pdf' }, /at most 10 MB/],
  ];
  for (const [name, file, message] of refusedCases) {
    it(`refuses ${name} with BAD_USER_INPUT on the file`, async () => {
      const before = storedFiles();
      const result = await upload(partner.client, { a: partner.accountId, type: 'proofOfAddress' }, file);
      expect(result.status).toBe(200);
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors![0]!.extensions!.fields!.file).toMatch(message);
      expect(await documentCount(partner.accountId)).toBe(0);
      expect(storedFiles()).toEqual(before);
    });
  }

  it('accepts a document of exactly 10 MB', async () => {
    const exact = Buffer.concat([PDF, Buffer.alloc(KYB_MAX_FILE_BYTES - PDF.length, 0x20)]);
    const result = await upload(partner.client, { a: partner.accountId, type: 'ownershipStructure' }, { bytes: exact, name: 'exact.pdf' });
    expect(result.errors).toBeUndefined();
    expect(result.data.uploadKybDocument.sizeBytes).toBe(KYB_MAX_FILE_BYTES);
    await partner.client.ok(`mutation($id: ID!) { deleteKybDocument(id: $id) }`, { id: result.data.uploadKybDocument.id });
    expect(await documentCount(partner.accountId)).toBe(0);
  });

  // Each name as the client declares it in the file part's Content-Disposition.
  const FOLDERS = "The file name may not contain folders or '..': rename the file and upload it again.";
  const CONTROL = 'The file name contains control characters (such as a tab or a line break): rename the file and upload it again.';
  const BIDI =
    'The file name contains bidirectional control characters (such as U+202E), which can disguise its real extension: rename the file and upload it again.';
  const refusedNames: Array<[string, string, Buffer, string]> = [
    ['a name with ../', 'filename="../../etc/passwd.pdf"', PDF, FOLDERS],
    ['a name with ..\\ folders', 'filename="..\\..\\Windows\\statement.pdf"', PDF, FOLDERS],
    ['a name with a folder, percent-encoded in filename*', "filename*=UTF-8''..%2F..%2Fetc%2Fpasswd.pdf", PDF, FOLDERS],
    ['a name that is ..', 'filename=".."', PDF, FOLDERS],
    ['a name with a tab', 'filename="pass\twd.pdf"', PDF, CONTROL],
    ['a name with a control character in filename*', "filename*=UTF-8''ring%07.pdf", PDF, CONTROL],
    ['a name with a right-to-left override', "filename*=UTF-8''invoice%E2%80%AEfdp.exe.pdf", PDF, BIDI],
    ['a name with a first-strong isolate', `filename*=UTF-8''${encodeURIComponent('scan\u2068 2024.pdf')}`, PDF, BIDI],
    ['a name with a right-to-left mark', `filename*=UTF-8''${encodeURIComponent('bill\u200f.pdf')}`, PDF, BIDI],
    ['a PDF named .png', 'filename="scan.png"', PDF, 'This file is a PDF, but its name ends in .png. Rename it to .pdf and upload it again.'],
    ['a PNG named .PDF', 'filename="logo.PDF"', PNG, 'This file is a PNG image, but its name ends in .pdf. Rename it to .png and upload it again.'],
    ['a JPEG named .png', 'filename="photo.png"', JPEG, 'This file is a JPEG image, but its name ends in .png. Rename it to .jpg and upload it again.'],
  ];
  for (const [name, fileParameters, bytes, message] of refusedNames) {
    it(`refuses ${name} with BAD_USER_INPUT on the file, storing nothing`, async () => {
      const before = storedFiles();
      const result = await uploadDeclaring(partner.client, { a: partner.accountId, type: 'proofOfAddress' }, fileParameters, bytes);
      expect(result.status).toBe(200);
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors![0]!.message).toBe(message);
      expect(result.errors![0]!.extensions!.fields).toEqual({ file: message });
      expect(await documentCount(partner.accountId)).toBe(0);
      expect(storedFiles()).toEqual(before);
      expect(fs.existsSync(path.join(dataDir, 'etc'))).toBe(false);
    });
  }

  it('refuses a PDF named .png sent as the web sends it', async () => {
    const before = storedFiles();
    const result = await upload(partner.client, { a: partner.accountId, type: 'proofOfAddress' }, { bytes: PDF, name: 'scan.png', type: 'image/png' });
    expect(result.errors![0]!.extensions!.fields).toEqual({ file: 'This file is a PDF, but its name ends in .png. Rename it to .pdf and upload it again.' });
    expect(await documentCount(partner.accountId)).toBe(0);
    expect(storedFiles()).toEqual(before);
  });

  it('answers 400 for a control character the multipart parser itself refuses, storing nothing', async () => {
    const before = storedFiles();
    const bell = await upload(partner.client, { a: partner.accountId, type: 'proofOfAddress' }, { bytes: PDF, name: 'ring\u0007.pdf' });
    expect(bell.status).toBe(400);
    expect(bell.errors![0]).toMatchObject({
      message: expect.stringMatching(/^This multipart request could not be read/),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(storedFiles()).toEqual(before);
    expect(await documentCount(partner.accountId)).toBe(0);
  });

  it('stores a name with quotes, spaces, unicode and inner dots under a safe name and an opaque key', async () => {
    const cases: Array<[string, Buffer, string]> = [
      [`filename*=UTF-8''${encodeURIComponent('Acme "Q1" résumé <final> Ltd. March 2024.05')}`, PDF, 'Acme _Q1_ résumé _final_ Ltd. March 2024.05.pdf'],
      ['filename="  bill ü 10:30 .pdf"', PDF, 'bill ü 10_30.pdf'],
      ['filename="scan"', PDF, 'scan.pdf'],
      ['filename=".pdf"', PDF, 'document.pdf'],
      ['filename="photo.jpeg"', JPEG, 'photo.jpeg'],
      ['filename="PHOTO.JPG"', JPEG, 'PHOTO.jpg'],
      // Right-to-left text itself is a name like any other; only the invisible controls are refused.
      [`filename*=UTF-8''${encodeURIComponent('חשבונית מרץ.pdf')}`, PDF, 'חשבונית מרץ.pdf'],
    ];
    for (const [fileParameters, bytes, stored] of cases) {
      const before = storedFiles();
      const result = await uploadDeclaring(partner.client, { a: partner.accountId, type: 'proofOfAddress' }, fileParameters, bytes);
      expect(result.errors, fileParameters).toBeUndefined();
      expect(result.data.uploadKybDocument.fileName).toBe(stored);
      const added = storedFiles().filter((name) => !before.includes(name));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
      await partner.client.ok(`mutation($id: ID!) { deleteKybDocument(id: $id) }`, { id: result.data.uploadKybDocument.id });
      expect(storedFiles()).toEqual(before);
    }
    expect(await documentCount(partner.accountId)).toBe(0);
  });

  it('refuses a file that is not sent as multipart, and more than one file per request', async () => {
    const json = await partner.client.gql(UPLOAD, { a: partner.accountId, type: 'proofOfAddress', file: 'not a file' });
    expect(errorCode(json)).toBe('BAD_USER_INPUT');
    expect(json.errors![0]!.extensions!.fields!.file).toMatch(/multipart/);
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: UPLOAD, variables: { a: partner.accountId, type: 'proofOfAddress', file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'], 1: ['variables.file'] }));
    form.append('0', new Blob([PDF]), 'a.pdf');
    form.append('1', new Blob([PDF]), 'b.pdf');
    const response = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true', 'x-csrf-token': partner.client.csrfToken, cookie: partner.client.cookie! },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ message: 'Send one file per request.', extensions: { code: 'BAD_USER_INPUT' } }] });
    expect(await documentCount(partner.accountId)).toBe(0);
  });

  it('refuses an identity document without one of the application’s people', async () => {
    const result = await upload(partner.client, { a: partner.accountId, type: 'identityDocument' }, { bytes: PDF, name: 'id.pdf' });
    expect(result.errors![0]!.extensions!.fields).toEqual({ personId: 'Choose whose identity document this is.' });
    const other = await upload(
      partner.client,
      { a: partner.accountId, type: 'identityDocument', personId: crypto.randomUUID() },
      { bytes: PDF, name: 'id.pdf' },
    );
    expect(other.errors![0]!.extensions!.fields).toEqual({ personId: 'Not an owner or director of this application.' });
    expect(await documentCount(partner.accountId)).toBe(0);
  });
});

describe('document links', () => {
  let partner: Awaited<ReturnType<typeof preparedPartner>>;
  let documentId: string;
  let otherDocumentId: string;
  beforeAll(async () => {
    partner = await preparedPartner('Links');
    documentId = (await upload(partner.client, { a: partner.accountId, type: 'proofOfAddress' }, { bytes: PDF, name: 'bill ü march.pdf' })).data
      .uploadKybDocument.id;
    otherDocumentId = (await upload(partner.client, { a: partner.accountId, type: 'ownershipStructure' }, { bytes: PNG, name: 'chart.png' })).data
      .uploadKybDocument.id;
  });

  const sign = (id: string, expires: number) => crypto.createHmac('sha256', LINK_SECRET).update(`kyb-document:${id}:${expires}`).digest('base64url');

  it('serves the file inline behind a signed link, with headers that keep it inert', async () => {
    const link = (await partner.client.ok(LINK, { id: documentId })).kybDocumentLink;
    expect(link.url).toMatch(new RegExp(`^/files/kyb/${documentId}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    const response = await fetch(`${t.baseUrl}${link.url}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="bill _ march.pdf"; filename*=UTF-8''bill%20%C3%BC%20march.pdf`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox;/);
  });

  it('refuses an expired link, a link for another file and a forged signature with 403', async () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    expect((await fetch(`${t.baseUrl}/files/kyb/${documentId}?expires=${past}&sig=${sign(documentId, past)}`)).status).toBe(403);
    const link = (await partner.client.ok(LINK, { id: documentId })).kybDocumentLink;
    expect((await fetch(`${t.baseUrl}${link.url.replace(documentId, otherDocumentId)}`)).status).toBe(403);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await fetch(`${t.baseUrl}${link.url.replace(/expires=\d+/, `expires=${future}`)}`)).status).toBe(403);
    expect((await fetch(`${t.baseUrl}/files/kyb/${documentId}`)).status).toBe(403);
    const wrongKey = crypto.createHmac('sha256', 'another-secret-another-secret-0000').update(`kyb-document:${documentId}:${future}`).digest('base64url');
    const forged = await fetch(`${t.baseUrl}/files/kyb/${documentId}?expires=${future}&sig=${wrongKey}`);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN_ERROR' } }] });
  });

  it('without FILE_LINK_SECRET, a link still opens after a restart (its key comes from the key-encryption key)', async () => {
    const before = await startTestApp({ DATA_DIR: dataDir });
    const after = await startTestApp({ DATA_DIR: dataDir });
    try {
      const client = new ApiClient(before.baseUrl);
      client.cookie = partner.client.cookie;
      client.csrfToken = partner.client.csrfToken;
      const link = (await client.ok(LINK, { id: documentId })).kybDocumentLink;
      expect((await fetch(`${after.baseUrl}${link.url}`)).status).toBe(200);
    } finally {
      await before.close();
      await after.close();
    }
  });

  it('answers 404 once the document is deleted', async () => {
    const chart = (await partner.client.ok(LINK, { id: otherDocumentId })).kybDocumentLink;
    await partner.client.ok(`mutation($id: ID!) { deleteKybDocument(id: $id) }`, { id: otherDocumentId });
    expect((await fetch(`${t.baseUrl}${chart.url}`)).status).toBe(404);
  });

  it('gives no other organization, nor a member without kyb:read, a link, an application or steps', async () => {
    const outsider = await accountWithMember(t, { name: 'Outsider' });
    for (const [query, variables] of [
      [LINK, { id: documentId }],
      [`query($a: ID!) { kybApplication(accountId: $a) { id } }`, { a: partner.accountId }],
      [STEPS, { o: partner.organizationId }],
      [`mutation($id: ID!) { deleteKybDocument(id: $id) }`, { id: documentId }],
    ] as const) {
      expect(errorCode(await outsider.client.gql(query, variables)), query).toBe('FORBIDDEN_ERROR');
    }
    const developer = await signedInUser(t);
    await t.database.pool.query(
      `insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'developer', true, now())`,
      [partner.accountId, developer.userId],
    );
    expect(errorCode(await developer.client.gql(LINK, { id: documentId }))).toBe('FORBIDDEN_ERROR');
    // Staff with kyb:view may open it; staff without it may not.
    const analyst = await signedInUser(t, { adminRole: 'ComplianceAnalyst' });
    expect((await fetch(`${t.baseUrl}${(await analyst.client.ok(LINK, { id: documentId })).kybDocumentLink.url}`)).status).toBe(200);
    const support = await signedInUser(t, { adminRole: 'SupportAgentTier1' });
    expect(errorCode(await support.client.gql(LINK, { id: documentId }))).toBe('FORBIDDEN_ERROR');
  });
});

describe('staff review', () => {
  it('filters the queue by status, country, product, age and name', async () => {
    const staff = await signedInUser(t, { adminRole: 'KybAnalyst' });
    const onboarding = (country: string, products: string[]) => ({
      accountName: 'x',
      legalName: 'x',
      country,
      industry: 'Wallet',
      websiteUrls: ['https://x.example'],
      productInterests: products,
      expectedMonthlyVolume: 'Under $10k',
    });
    const german = await preparedPartner('Queue Germany', onboarding('DE', ['OffRamp']));
    await partnerCompany(german, 'DE');
    await completeAndSubmit(german);
    const british = await preparedPartner('Queue Britain', onboarding('GB', ['OnRamp']));
    await completeAndSubmit(british);
    const names = async (variables: Record<string, unknown>) =>
      ((await staff.client.ok(QUEUE, { q: 'Queue', ...variables })).kybApplications.items as Array<{ organizationName: string }>).map(
        (item) => item.organizationName,
      );
    expect(await names({})).toEqual(['Queue Germany Ltd', 'Queue Britain Ltd']);
    expect(await names({ c: 'DE' })).toEqual(['Queue Germany Ltd']);
    expect(await names({ p: 'OnRamp' })).toEqual(['Queue Britain Ltd']);
    expect(await names({ s: ['Approved'] })).toEqual([]);
    expect(await names({ b: new Date(Date.now() - 3_600_000).toISOString() })).toEqual([]);
    expect(await names({ q: 'Queue Brit' })).toEqual(['Queue Britain Ltd']);
    expect(errorCode(await staff.client.gql(QUEUE, { c: 'Germany' }))).toBe('BAD_USER_INPUT');
    const partnerView = await british.client.gql(QUEUE, {});
    expect(errorCode(partnerView)).toBe('FORBIDDEN_ERROR');
  });

  it('puts on hold with a reason, takes the fix, approves: verified, live keys, webhooks and e-mails at each step', async () => {
    const receiver = await startWebhookReceiver();
    const partner = await preparedPartner('Review');
    const colleague = await signedInUser(t);
    await t.database.pool.query(
      `insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'administrator', true, now())`,
      [partner.accountId, colleague.userId],
    );
    const secondAccount = await t.database.pool.query<{ id: string }>(
      `insert into accounts (organization_id, name) values ($1, 'Review Second') returning id`,
      [partner.organizationId],
    );
    await partner.client.ok(
      `mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: ["account_reviewed", "business_identity_updated"]) { id } }`,
      { a: partner.accountId, u: receiver.url },
    );
    const liveKeysBefore = await partner.client.gql(`query($a: ID!) { apiKeys(accountId: $a, liveMode: true) { id } }`, { a: partner.accountId });
    expect(liveKeysBefore.errors![0]!.message).toContain('/dashboard/on-ramp/kyb');
    const submitted = await completeAndSubmit(partner);
    const staff = await signedInUser(t, { adminRole: 'ComplianceOfficer' });
    await t.database.pool.query(`update users set first_name = 'Rita', last_name = 'Reviewer' where id = $1`, [staff.userId]);

    const missingReason = await staff.client.gql(REVIEW, { id: submitted.id, s: 'OnHold' });
    expect(errorCode(missingReason)).toBe('BAD_USER_INPUT');
    expect(Object.keys(missingReason.errors![0]!.extensions!.fields!)).toEqual(['reason']);
    expect(errorCode(await staff.client.gql(REVIEW, { id: submitted.id, s: 'Rejected', r: '   ' }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await staff.client.gql(REVIEW, { id: submitted.id, s: 'Pending' }))).toBe('BAD_USER_INPUT');
    const analyst = await signedInUser(t, { adminRole: 'ComplianceAnalyst' });
    expect(errorCode(await analyst.client.gql(REVIEW, { id: submitted.id, s: 'Approved' }))).toBe('FORBIDDEN_ERROR');

    const inReview = (await staff.client.ok(REVIEW, { id: submitted.id, s: 'InProgress' })).updateReview;
    expect(inReview.status).toBe('InProgress');
    await t.smtp.waitFor(partner.email, /^Business verification: in review$/);
    const onHold = (await staff.client.ok(REVIEW, { id: submitted.id, s: 'OnHold', r: 'The proof of address is older than three months.' })).updateReview;
    expect(onHold).toMatchObject({ status: 'OnHold', reason: 'The proof of address is older than three months.' });
    expect(onHold.decisions[0]).toMatchObject({ status: 'OnHold', decidedByName: 'Rita Reviewer' });
    for (const to of [partner.email, colleague.email]) {
      const mail = await t.smtp.waitFor(to, /^Business verification: on hold$/);
      expect(mail.text).toContain('Reason: The proof of address is older than three months.');
      expect(mail.text).toContain('submit it again');
    }
    expect(errorCode(await staff.client.gql(REVIEW, { id: submitted.id, s: 'Approved' }))).toBe('CONFLICT');

    // The partner sees the reason (not the reviewer's name), fixes the document and resubmits.
    const seen = (await partner.client.ok(`query($a: ID!) { kybApplication(accountId: $a) { ${APPLICATION} } }`, { a: partner.accountId })).kybApplication;
    expect(seen.decisions[0]).toMatchObject({ status: 'OnHold', decidedByName: 'Rampart staff', reason: 'The proof of address is older than three months.' });
    const steps = (await partner.client.ok(STEPS, { o: partner.organizationId })).getApplicantVerificationSteps;
    expect(steps.at(-1)).toEqual({ key: 'review', state: 'actionRequired', message: 'The proof of address is older than three months.' });
    const old = seen.documents.find((document: { type: string }) => document.type === 'proofOfAddress');
    await partner.client.ok(`mutation($id: ID!) { deleteKybDocument(id: $id) }`, { id: old.id });
    await upload(partner.client, { a: partner.accountId, type: 'proofOfAddress' }, { bytes: PDF, name: 'recent-bill.pdf' });
    expect((await partner.client.ok(SUBMIT, { a: partner.accountId })).submitKyb).toMatchObject({ status: 'Pending', reason: null });

    const approved = (await staff.client.ok(REVIEW, { id: submitted.id, s: 'Approved' })).updateReview;
    expect(approved.status).toBe('Approved');
    expect(approved.decisions.map((decision: { status: string }) => decision.status)).toEqual(['Approved', 'Pending', 'OnHold', 'InProgress', 'Pending']);
    const accounts = await t.database.pool.query(`select is_verified, kyb_information from accounts where organization_id = $1 order by created_at`, [
      partner.organizationId,
    ]);
    expect(accounts.rows).toHaveLength(2);
    for (const row of accounts.rows)
      expect(row).toMatchObject({ is_verified: true, kyb_information: { country: 'GB', requiredKybCheck: 'Basic', kybLevelRequiredToGoLive: 'Basic' } });
    expect(secondAccount.rows[0]).toBeDefined();
    const liveKeys = await partner.client.ok(`query($a: ID!) { apiKeys(accountId: $a, liveMode: true) { id liveMode } }`, { a: partner.accountId });
    expect(liveKeys.apiKeys.length).toBeGreaterThan(0);
    await t.smtp.waitFor(colleague.email, /^Business verification: approved$/);
    expect(errorCode(await partner.client.gql(COMPANY, { a: partner.accountId, i: COMPANY_DETAILS }))).toBe('CONFLICT');

    await receiver.waitFor(
      (all) =>
        all.filter((entry) => entry.body.type === 'account_reviewed').length >= 3 &&
        all.filter((entry) => entry.body.type === 'business_identity_updated').length >= 3,
    );
    expect(receiver.received.filter((entry) => entry.body.type === 'account_reviewed').map((entry) => entry.body.data.status)).toEqual([
      'InProgress',
      'OnHold',
      'Approved',
    ]);
    expect(
      receiver.received.find((entry) => entry.body.type === 'business_identity_updated' && entry.body.data.status === 'Approved')!.body.data,
    ).toMatchObject({ accountId: partner.accountId, legalName: 'Review Ltd', country: 'GB', level: 'Basic' });
    await receiver.close();

    const status = await t.app.services.kyb.statusOfAccount(partner.accountId);
    expect(status).toMatchObject({ status: 'Approved', level: 'Basic', reason: null, country: 'GB', industry: 'Payments' });
  });

  it('rejects with a reason the partner sees', async () => {
    const partner = await preparedPartner('Rejected');
    const submitted = await completeAndSubmit(partner);
    const staff = await signedInUser(t, { adminRole: 'KybAnalyst' });
    await staff.client.ok(REVIEW, { id: submitted.id, s: 'Rejected', r: 'The company is in a sanctioned jurisdiction.' });
    const status = (await partner.client.ok(`query($a: ID!) { reviewStatus(accountId: $a) { status reason nextStep } }`, { a: partner.accountId }))
      .reviewStatus;
    expect(status).toMatchObject({ status: 'Rejected', reason: 'The company is in a sanctioned jurisdiction.' });
    expect((await t.smtp.waitFor(partner.email, /^Business verification: rejected$/)).text).toContain('Reason: The company is in a sanctioned jurisdiction.');
    expect(errorCode(await staff.client.gql(REVIEW, { id: submitted.id, s: 'Approved' }))).toBe('CONFLICT');
    const verified = await t.database.pool.query(`select is_verified from accounts where id = $1`, [partner.accountId]);
    expect(verified.rows[0].is_verified).toBe(false);
  });
});

async function partnerCompany(partner: { client: ApiClient; accountId: string }, country: string) {
  await partner.client.ok(COMPANY, { a: partner.accountId, i: { ...COMPANY_DETAILS, legalName: 'Queue Germany Ltd', country } });
}
