import { E2E } from './e2e-env.ts';
import { type ApiSession, createSignedInUser, expect, graphqlAs } from './fixtures.ts';
import { pdfBytes, pngBytes } from './pages/kyb-pages.ts';
import { ONBOARDING_INPUT, type Partner } from './team-fixtures.ts';

// Issue 11's API set-up for specs whose subject is a later screen (the whole path in the UI is kyb.spec.ts).

export interface KybFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function ok<T>(promise: Promise<{ data: T | null; errors?: unknown[] }>): Promise<T> {
  const result = await promise;
  expect(result.errors).toBeUndefined();
  return result.data!;
}

/** uploadKybDocument as a GraphQL multipart request, the way the web client sends it. */
export async function uploadKybDocument(session: ApiSession, accountId: string, type: string, personId: string | null, file: KybFile): Promise<string> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query:
        'mutation($accountId: ID!, $type: KybDocumentType!, $personId: ID, $file: Upload!) { uploadKybDocument(accountId: $accountId, type: $type, personId: $personId, file: $file) { id } }',
      variables: { accountId, type, personId, file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await fetch(`${E2E.appUrl}/graphql`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'apollo-require-preflight': 'true' },
    body: form,
  });
  const body = (await response.json()) as { data: { uploadKybDocument: { id: string } } | null; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data!.uploadKybDocument.id;
}

export const KYB_ANSWERS = {
  businessModel: 'A wallet app whose users buy stablecoins with cards to pay freelancers abroad.',
  licencesHeld: 'FCA-registered cryptoasset firm',
  sourceOfFunds: 'Revenue from operations',
  expectedMonthlyVolume: '$10k–$100k',
  countriesServed: ['GB', 'IE', 'DE'],
  sanctionsExposure: false,
  pepExposure: false,
  amlProgramme: ['Customer due diligence', 'Sanctions screening'],
};

export interface Applicant extends Partner {
  legalName: string;
  applicationId: string;
  files: Record<'certificate' | 'proofOfAddress' | 'ownership' | 'ownerId' | 'directorId', KybFile>;
}

/** A partner whose On-ramp KYB application is complete and submitted (Pending), every part filled in through the API. */
export async function createSubmittedApplicant(prefix: string, accountName: string, legalName: string, country = 'GB'): Promise<Applicant> {
  const { session, ...user } = await createSignedInUser(prefix);
  const created = await ok(
    graphqlAs<{ createOnboardingInfo: { id: string } }>(session, 'mutation($input: OnboardingInfoInput!) { createOnboardingInfo(input: $input) { id } }', {
      input: { ...ONBOARDING_INPUT, accountName, legalName, country, websiteUrls: ['https://kestrel.example.com', 'https://pay.kestrel.example.com'] },
    }),
  );
  const accountId = created.createOnboardingInfo.id;
  const partner: Partner = { email: user.email, password: user.password, session, accountId, accountName };
  await ok(graphqlAs(session, 'mutation($a: ID!) { initiateKyb(accountId: $a, product: "OnRamp") { id } }', { a: accountId }));
  await ok(
    graphqlAs(session, 'mutation($a: ID!, $input: KybCompanyDetailsInput!) { saveKybCompanyDetails(accountId: $a, input: $input) { id } }', {
      a: accountId,
      input: {
        legalName,
        registrationNumber: '11223344',
        country,
        incorporationDate: '2019-04-01',
        registeredAddress: '1 Old Street\nLondon EC1V 9AA\nUnited Kingdom',
        industry: 'Payments',
        website: 'https://kestrel.example.com',
      },
    }),
  );
  const saved = await ok(
    graphqlAs<{ saveKybPeople: { people: { id: string; fullName: string }[] } }>(
      session,
      'mutation($a: ID!, $people: [KybPersonInput!]!) { saveKybPeople(accountId: $a, people: $people) { people { id fullName } } }',
      {
        a: accountId,
        people: [
          {
            role: 'beneficialOwner',
            fullName: 'Amara Okafor',
            dateOfBirth: '1985-06-15',
            nationality: 'NG',
            countryOfResidence: 'GB',
            ownershipPercentage: '60',
          },
          {
            role: 'beneficialOwner',
            fullName: 'Kestrel Holdings Trust nominee Wilhelmina Abernathy-Castellanos',
            dateOfBirth: '1972-01-30',
            nationality: 'ES',
            countryOfResidence: 'PT',
            ownershipPercentage: '25.5',
          },
          { role: 'director', fullName: 'Jonas Berg', dateOfBirth: '1979-11-02', nationality: 'SE', countryOfResidence: 'GB', ownershipPercentage: null },
        ],
      },
    ),
  );
  const [owner, trustee, director] = saved.saveKybPeople.people;
  const files = {
    certificate: { name: 'certificate-of-incorporation.pdf', mimeType: 'application/pdf', buffer: pdfBytes(`Certificate of incorporation: ${legalName}`) },
    proofOfAddress: { name: 'utility-bill-2019.png', mimeType: 'image/png', buffer: pngBytes(640, 400, [214, 160, 90]) },
    ownership: { name: 'ownership-chart.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Ownership chart') },
    ownerId: { name: 'passport-amara-okafor-scan-front-and-back.png', mimeType: 'image/png', buffer: pngBytes(40, 28, [30, 90, 160]) },
    directorId: { name: 'id-card-jonas.png', mimeType: 'image/png', buffer: pngBytes(40, 28, [40, 140, 80]) },
  };
  await uploadKybDocument(session, accountId, 'certificateOfIncorporation', null, files.certificate);
  await uploadKybDocument(session, accountId, 'proofOfAddress', null, files.proofOfAddress);
  await uploadKybDocument(session, accountId, 'ownershipStructure', null, files.ownership);
  await uploadKybDocument(session, accountId, 'identityDocument', owner!.id, files.ownerId);
  await uploadKybDocument(session, accountId, 'identityDocument', trustee!.id, files.ownerId);
  await uploadKybDocument(session, accountId, 'identityDocument', director!.id, files.directorId);
  await ok(
    graphqlAs(session, 'mutation($a: ID!, $j: String!) { saveKybQuestionnaire(accountId: $a, answersJson: $j) { version } }', {
      a: accountId,
      j: JSON.stringify(KYB_ANSWERS),
    }),
  );
  const submitted = await ok(graphqlAs<{ submitKyb: { id: string } }>(session, 'mutation($a: ID!) { submitKyb(accountId: $a) { id } }', { a: accountId }));
  return { ...partner, legalName, applicationId: submitted.submitKyb.id, files };
}

/** A confirmed, signed-in user with an admin role (staff have no account of their own). */
export async function createStaff(prefix: string, adminRole: string): Promise<ApiSession> {
  return (await createSignedInUser(prefix, { adminRole })).session;
}

/** updateReview as staff. */
export async function decideApplication(
  staff: ApiSession,
  applicationId: string,
  status: 'InProgress' | 'OnHold' | 'Approved' | 'Rejected',
  reason: string | null = null,
) {
  await ok(
    graphqlAs(staff, 'mutation($id: ID!, $s: ReviewStatusValue!, $r: String) { updateReview(applicationId: $id, status: $s, reason: $r) { id status } }', {
      id: applicationId,
      s: status,
      r: reason,
    }),
  );
}
