import { AppShell } from './pages/app-shell.ts';
import { createSignedInUser, expect, graphqlAs, stored, test } from './fixtures.ts';
import { expectShell, openSignedIn, problemsOf, sidebarItems } from './team-fixtures.ts';

// Issue 3: a user without an account is sent to /onboarding, creates an organization and its first account,
// which is selected in test mode (not verified yet).

test('a new user is onboarded: validation, the form, the FAQ, then the new account in test mode', async ({ browser }) => {
  const { session } = await createSignedInUser('onboarding');
  const page = await openSignedIn(browser, session);

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your business account');

  // Nothing filled in: every required question says what is missing, nothing is created.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Choose a country from the list')).toBeVisible();
  await expect(page.getByText('Choose an industry from the list')).toBeVisible();
  await expect(page.getByText('Enter a full URL starting with https://')).toBeVisible();
  await expect(page.getByText('Choose at least one product')).toBeVisible();
  await expect(page).toHaveURL('/onboarding');

  await page.getByLabel('Account name').fill('Orbit Pay');
  await page.getByLabel('Legal name').fill('Orbit Payments GmbH');
  const country = page.getByRole('combobox', { name: 'Country of incorporation' });
  await country.fill('germ');
  await page.getByRole('option', { name: /Germany/ }).click();
  await expect(country).toHaveValue('Germany');
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Payments', exact: true }).click();
  await page.getByLabel('Website URL 1').fill('orbit.example.com');
  await page.getByRole('button', { name: 'Add website' }).click();
  await page.getByLabel('Website URL 2').fill('https://shop.orbit.example.com');
  await page.getByRole('button', { name: 'Add website' }).click();
  await page.getByRole('button', { name: 'Remove website 3' }).click();
  await expect(page.getByLabel('Website URL 3')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /On-ramp/ }).check();
  await page.getByRole('checkbox', { name: /Swaps/ }).check();
  await page.getByRole('combobox', { name: 'Expected monthly volume' }).click();
  await page.getByRole('option', { name: '$100k–$1M' }).click();
  await page.getByLabel(/Use case/).fill('Card on-ramp inside our wallet app.');

  // A bad URL is caught on its row.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a full URL starting with https://')).toBeVisible();
  await page.getByLabel('Website URL 1').fill('https://orbit.example.com');

  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('FAQ read')).toBeVisible();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/dashboard');
  const shell = new AppShell(page);
  await expectShell(page);
  await expect(shell.accountSwitcher()).toHaveAccessibleName('Account: Orbit Pay');
  expect(await stored(page, 'testMode')).toBe('true');
  await expect(shell.testMode()).toBeChecked();
  await expect(shell.testModeBanner()).toBeVisible();

  // What the server stored.
  const accountId = await stored(page, 'selectedAccountId');
  const saved = await graphqlAs<{
    account: {
      isVerified: boolean;
      onboardingInfo: { hasReadFaq: boolean };
      onboardingDetails: { country: string; websiteUrls: string[]; productInterests: string[] };
      organization: { name: string };
    };
  }>(
    session,
    'query($id: ID!) { account(id: $id) { isVerified onboardingInfo { hasReadFaq } onboardingDetails { country websiteUrls productInterests } organization { name } } }',
    { id: accountId },
  );
  expect(saved.errors).toBeUndefined();
  expect(saved.data!.account).toMatchObject({
    isVerified: false,
    onboardingInfo: { hasReadFaq: true },
    onboardingDetails: { country: 'DE', websiteUrls: ['https://orbit.example.com', 'https://shop.orbit.example.com'], productInterests: ['OnRamp', 'Swaps'] },
    organization: { name: 'Orbit Payments GmbH' },
  });

  // The administrator sees every area the permission table gives them (the quarterly review flag is on by default).
  const items = await sidebarItems(page);
  expect(items).toEqual(expect.arrayContaining(['Team', 'Developers', 'Passes', 'Subscription', 'Analytics', 'Quarterly review']));
  expect(items).not.toContain('Audit trail');

  // Coming back to /onboarding edits the same account; a second organization is refused by the server.
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete Orbit Pay');
  await expect(page.getByLabel('Legal name')).toHaveValue('Orbit Payments GmbH');
  await page.getByLabel('Legal name').fill('Orbit Payments AG');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page).toHaveURL('/dashboard');
  const again = await graphqlAs(session, 'mutation($input: OnboardingInfoInput!) { createOnboardingInfo(input: $input) { id } }', {
    input: {
      accountName: 'Second',
      legalName: 'Second Ltd',
      country: 'GB',
      industry: 'Payments',
      websiteUrls: ['https://second.example.com'],
      productInterests: ['OnRamp'],
      expectedMonthlyVolume: 'Under $10k',
    },
  });
  expect(again.errors?.[0]?.extensions?.['code']).toBe('CONFLICT');

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});
