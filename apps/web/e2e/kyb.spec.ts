import { AppShell } from './pages/app-shell.ts';
import { ApiKeysPage } from './pages/developers-pages.ts';
import { chooseCountry, GoLivePage, KybPage, KybReviewPages, pdfBytes, pngBytes } from './pages/kyb-pages.ts';
import { SignupCompletePage, SignupPage } from './pages/signup-page.ts';
import { codeIn, createSignedInUser, expect, mailCount, STRONG_PASSWORD, test, uniqueEmail, waitForMail } from './fixtures.ts';
import { expectShell, openSignedIn, problemsOf, toastText } from './team-fixtures.ts';

// Issue 11's "Done means": from a fresh sign-up to live keys, with the partner and a compliance manager in two
// browser contexts — every KYB step in the UI, a hold with a reason, the fix, approval, the go-live checklist and
// its review, then live keys. The partner's administrator is e-mailed at each decision.

const PDF = 'application/pdf';
const PNG = 'image/png';

test('a new partner verifies its business, is put on hold, fixes it, goes live with On-ramp and creates live keys', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('kyb-partner');
  const tag = Date.now().toString(36);
  const accountName = `Kestrel ${tag}`;
  const legalName = `Kestrel Payments ${tag} Ltd`;
  const files = {
    certificate: { name: 'certificate-of-incorporation.pdf', mimeType: PDF, buffer: pdfBytes(`Certificate of incorporation: ${legalName}`) },
    proofOfAddress: { name: 'utility-bill-2019.png', mimeType: PNG, buffer: pngBytes(48, 32, [200, 120, 40]) },
    newProofOfAddress: { name: 'bank-statement-recent.pdf', mimeType: PDF, buffer: pdfBytes('Bank statement, last month') },
    ownership: { name: 'ownership-chart.pdf', mimeType: PDF, buffer: pdfBytes('Ownership: Amara Okafor 60 %') },
    ownerId: { name: 'passport-amara.png', mimeType: PNG, buffer: pngBytes(40, 28, [30, 90, 160]) },
    directorId: { name: 'id-card-jonas.png', mimeType: PNG, buffer: pngBytes(40, 28, [40, 140, 80]) },
  };

  // Sign-up through the form, the code from the real mail.
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({ firstName: 'Amara', lastName: 'Okafor', jobTitle: 'Founder / CEO', email, password: STRONG_PASSWORD });
  await signup.submit();
  await new SignupCompletePage(page).confirm(codeIn(await waitForMail(email, /confirmation code/)));

  // Onboarding through its form.
  await expect(page).toHaveURL('/onboarding');
  await page.getByLabel('Account name').fill(accountName);
  await page.getByLabel('Legal name').fill(legalName);
  await chooseCountry(page, page.getByRole('combobox', { name: 'Country of incorporation' }), 'United Kingdom');
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Payments', exact: true }).click();
  await page.getByLabel('Website URL 1').fill('https://kestrel.example.com');
  await page.getByRole('checkbox', { name: /On-ramp/ }).check();
  await page.getByRole('combobox', { name: 'Expected monthly volume' }).click();
  await page.getByRole('option', { name: '$10k–$100k' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expectShell(page);
  await expect(new AppShell(page).accountSwitcher()).toHaveAccessibleName(`Account: ${accountName}`);

  // On-ramp › Business verification.
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'On-ramp' }).click();
  await expect(page).toHaveURL('/dashboard/on-ramp');
  await page.getByRole('link', { name: 'Business verification' }).click();
  await expect(page).toHaveURL('/dashboard/on-ramp/kyb');
  const kyb = new KybPage(page);
  await kyb.expectLoaded();
  await expect(kyb.reviewStatus()).toContainText('Your business is not verified yet');
  await page.getByRole('button', { name: 'Start verification' }).click();
  await expect(page).toHaveURL('/dashboard/on-ramp/kyb?step=companyDetails');

  // Company details, started from what onboarding asked (issue 36).
  const companyForm = page.getByRole('form', { name: 'Company details' });
  await expect(companyForm.getByLabel('Legal name')).toHaveValue(legalName);
  await expect(companyForm.getByRole('combobox', { name: 'Country of incorporation' })).toHaveValue('United Kingdom');
  await expect(companyForm.getByLabel('Website')).toHaveValue('https://kestrel.example.com');
  await kyb.fillCompanyDetails({
    legalName,
    registrationNumber: `GB-${tag}`,
    country: 'United Kingdom',
    incorporationDate: '2019-04-01',
    registeredAddress: '1 Old Street, London EC1V 9AA, United Kingdom',
    industry: 'Payments',
    website: 'https://kestrel.example.com',
  });
  await expect(toastText(page, 'Company details saved')).toBeVisible();
  await expect(page).toHaveURL(/step=ownership/);
  await expect(kyb.step(/^Company details/)).toContainText('Completed');
  await expect(kyb.reviewStatus()).toContainText('In progress');

  // Ownership: a beneficial owner of 60 % and a director.
  await kyb.addPerson({
    role: 'Beneficial owner',
    fullName: 'Amara Okafor',
    dateOfBirth: '1985-06-15',
    nationality: 'Nigeria',
    countryOfResidence: 'United Kingdom',
    ownershipPercentage: '60',
  });
  await expect(page.getByText('Still needed: at least one director.')).toBeVisible();
  await kyb.addPerson({ role: 'Director', fullName: 'Jonas Berg', dateOfBirth: '1979-11-02', nationality: 'Sweden', countryOfResidence: 'United Kingdom' });
  await expect(page.getByText(/^Still needed/)).toHaveCount(0);
  await expect(page.getByText('Shares add up to 60 %.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to documents' }).click();
  await expect(page).toHaveURL(/step=documents/);

  // Documents: the company's three and an identity document for each person.
  await kyb.upload('Certificate of incorporation', files.certificate);
  await kyb.upload('Proof of address', files.proofOfAddress);
  await kyb.upload('Ownership structure', files.ownership);
  await kyb.upload('Identity document: Amara Okafor', files.ownerId);
  await kyb.upload('Identity document: Jonas Berg', files.directorId);
  await expect(kyb.step(/^Documents/)).toContainText('Completed');
  await page.getByRole('button', { name: 'Continue to the questionnaire' }).click();
  await expect(page).toHaveURL(/step=questionnaire/);

  // The questionnaire: a required answer left out is named, then everything answered.
  const questionnaire = page.getByRole('form', { name: 'Questionnaire' });
  await questionnaire.getByLabel('Describe your business model').fill('A wallet app whose users buy stablecoins with cards to pay freelancers abroad.');
  await questionnaire.getByRole('button', { name: 'Save and continue' }).click();
  await expect(questionnaire.getByText('Answer this question').first()).toBeVisible();
  await expect(page).toHaveURL(/step=questionnaire/);
  await questionnaire.getByLabel('Which financial licences or registrations do you hold?').fill('FCA-registered cryptoasset firm');
  await questionnaire
    .getByRole('radiogroup', { name: 'Where do your company’s funds come from?' })
    .getByRole('radio', { name: 'Revenue from operations' })
    .check();
  await questionnaire.getByRole('radiogroup', { name: 'Expected monthly volume through Rampart' }).getByRole('radio', { name: '$10k–$100k' }).check();
  // The countries control empties itself after each choice; the choices show as chips.
  const countries = questionnaire.getByRole('combobox', { name: 'Add a country: Countries where your customers live' });
  for (const country of ['United Kingdom', 'Ireland']) {
    await countries.fill(country);
    await page.getByRole('option', { name: new RegExp(`^${country}`) }).click();
  }
  await expect(questionnaire.getByRole('list', { name: 'Countries chosen' })).toContainText('United Kingdom');
  await expect(questionnaire.getByRole('list', { name: 'Countries chosen' })).toContainText('Ireland');
  await questionnaire
    .getByRole('radiogroup', { name: /sanctioned countries/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await questionnaire
    .getByRole('radiogroup', { name: /politically exposed person/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await questionnaire
    .getByRole('group', { name: 'Which parts of an AML programme do you run?' })
    .getByRole('checkbox', { name: 'Sanctions screening' })
    .check();
  await questionnaire.getByRole('button', { name: 'Save and continue' }).click();
  await expect(toastText(page, 'Answers saved')).toBeVisible();
  await expect(page).toHaveURL(/step=review/);

  // Review and submit.
  const parts = page.getByRole('list', { name: 'Parts of the application' });
  await expect(parts).toContainText(legalName);
  await expect(parts).toContainText('Amara Okafor, Jonas Berg');
  await expect(parts).toContainText('5 documents uploaded.');
  await expect(parts).toContainText('7 of 7 required questions answered.');
  const receivedBefore = await mailCount(email);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(toastText(page, 'Application submitted')).toBeVisible();
  await expect(kyb.reviewStatus()).toContainText('Submitted: waiting for the provider’s review');
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
  expect((await waitForMail(email, /^Business verification: received$/, receivedBefore)).text).toContain(legalName);

  // A compliance manager, in a second browser context.
  const staff = await openSignedIn(browser, (await createSignedInUser('kyb-compliance', { adminRole: 'ComplianceManager' })).session);
  const review = new KybReviewPages(staff);
  await staff.goto('/dashboard');
  await expectShell(staff);
  await staff.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Business verification' }).click();
  await expect(staff).toHaveURL('/admin/kyb');
  // The URL moves before the lazy screen replaces the staff home (whose search is also labelled "…organizations").
  await expect(staff.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Business verification');
  await staff.getByLabel('Organization').fill(legalName);
  await staff.getByLabel('Organization').press('Enter');
  await expect(staff).toHaveURL(/q=Kestrel/);
  // The list has been fetched again for the search (its tag is unique): a row of the list before would be replaced
  // under the click.
  await expect(staff.getByRole('main').getByText('1–1 of 1', { exact: true })).toBeVisible();
  await expect(review.applicationRow(legalName)).toContainText('Pending review');
  await review.applicationRow(legalName).getByRole('link', { name: legalName }).click();
  await expect(staff.getByRole('main').getByRole('heading', { level: 1 })).toContainText(legalName);
  await expect(staff.getByRole('main')).toContainText('FCA-registered cryptoasset firm');
  await expect(staff.getByRole('main').getByRole('list', { name: 'Owners and directors' })).toContainText('Jonas Berg');

  // Documents preview in the page: the image and the PDF, each through a signed link that answers with its own type.
  await review
    .documents()
    .getByRole('button', { name: `Preview ${files.proofOfAddress.name}` })
    .click();
  const image = review.preview(files.proofOfAddress.name).getByRole('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(48);
  const imageResponse = await staff.request.get((await image.getAttribute('src'))!);
  expect(imageResponse.status()).toBe(200);
  expect(imageResponse.headers()['content-type']).toBe(PNG);
  expect(Buffer.from(await imageResponse.body()).equals(files.proofOfAddress.buffer)).toBe(true);
  await review
    .documents()
    .getByRole('button', { name: `Preview ${files.certificate.name}` })
    .click();
  const frame = review.preview(files.certificate.name).locator('iframe');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('title', files.certificate.name);
  const pdfResponse = await staff.request.get(new URL((await frame.getAttribute('src'))!, staff.url()).toString());
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toBe(PDF);
  expect(Buffer.from(await pdfResponse.body()).equals(files.certificate.buffer)).toBe(true);

  // On hold with a reason the partner reads.
  const holdReason = 'The proof of address is from 2019. Upload a utility bill or bank statement from the last 3 months.';
  let partnerMails = await mailCount(email);
  await review.decide('Put on hold', holdReason);
  await expect(toastText(staff, 'Put on hold')).toBeVisible();
  await expect(staff.getByRole('main').getByRole('heading', { level: 1 })).toContainText('On hold');
  await expect(review.history()).toContainText(holdReason);
  const onHoldMail = await waitForMail(email, /^Business verification: on hold$/, partnerMails);
  expect(onHoldMail.text).toContain(holdReason);

  // The partner sees the reason, replaces the proof of address and submits again.
  await page.reload();
  await kyb.expectLoaded();
  await expect(kyb.reviewStatus()).toContainText('Your application is on hold');
  await expect(kyb.reviewStatus()).toContainText(holdReason);
  await kyb.step(/^Documents/).click();
  await expect(page).toHaveURL(/step=documents/);
  await kyb
    .documentSlot('Proof of address')
    .getByRole('button', { name: `Delete ${files.proofOfAddress.name}` })
    .click();
  await page.getByRole('alertdialog', { name: 'Delete this document?' }).getByRole('button', { name: 'Delete document' }).click();
  await expect(toastText(page, 'Document deleted')).toBeVisible();
  await expect(kyb.documentSlot('Proof of address')).toContainText('Missing');
  await kyb.upload('Proof of address', files.newProofOfAddress);
  await kyb.step(/^Review/).click();
  partnerMails = await mailCount(email);
  await page.getByRole('button', { name: 'Submit again' }).click();
  await expect(toastText(page, 'Application submitted')).toBeVisible();
  await expect(kyb.reviewStatus()).toContainText('Submitted: waiting for the provider’s review');
  await waitForMail(email, /^Business verification: received$/, partnerMails);

  // Staff see the new document and approve.
  await staff.reload();
  await expect(staff.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Pending review');
  await expect(review.documents()).toContainText(files.newProofOfAddress.name);
  await expect(review.documents()).not.toContainText(files.proofOfAddress.name);
  partnerMails = await mailCount(email);
  await review.decide('Approve');
  await expect(toastText(staff, 'Application approved')).toBeVisible();
  await expect(staff.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Approved');
  expect((await waitForMail(email, /^Business verification: approved$/, partnerMails)).text).toContain('live API keys');

  // The partner is verified; the go-live checklist.
  await page.reload();
  await kyb.expectLoaded();
  await expect(kyb.reviewStatus()).toContainText('Your business is verified');
  await kyb.reviewStatus().getByRole('link', { name: 'Open the go-live checklist' }).click();
  await expect(page).toHaveURL('/dashboard/on-ramp/go-live');
  const goLive = new GoLivePage(page);
  await goLive.expectLoaded();
  await expect(goLive.item('Business verification (KYB) approved')).toContainText('Done');
  await expect(goLive.item('Domains set and cleared')).toContainText('Done');
  await expect(goLive.item('Not blocked')).toContainText('Done');
  await expect(goLive.item('Testing instructions provided')).toContainText('Action required');
  await expect(page.getByRole('list', { name: 'Still to do' })).toHaveText('Testing instructions provided');
  await expect(page.getByRole('button', { name: 'Request go-live' })).toBeDisabled();

  const testing = page.getByRole('form', { name: 'Testing instructions' });
  await testing.getByLabel('URL').fill('https://staging.kestrel.example.com');
  await testing.getByLabel(/^Test credentials/).fill('reviewer@kestrel.example.com / review-only-password');
  await testing.getByLabel('Steps').fill('1. Sign in with the test login\n2. Open Wallet › Buy\n3. Buy 20 EUR of USDC');
  await testing.getByRole('button', { name: 'Save instructions' }).click();
  await expect(toastText(page, 'Testing instructions saved')).toBeVisible();
  await expect(goLive.item('Testing instructions provided')).toContainText('Done');
  await expect(page.getByRole('list', { name: 'Still to do' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Request go-live' }).click();
  await expect(toastText(page, 'Go-live requested')).toBeVisible();
  await expect(goLive.status()).toContainText('Pending review');

  // Staff approve the request from the go-live queue.
  await staff.getByRole('link', { name: 'Applications' }).click();
  await expect(staff).toHaveURL('/admin/kyb');
  await staff.getByRole('navigation', { name: 'Review queues' }).getByRole('link', { name: 'Go-live requests' }).click();
  await expect(staff).toHaveURL('/admin/kyb/go-live');
  await staff.getByRole('button', { name: `Review ${accountName} On-ramp` }).click();
  const request = staff.getByRole('dialog', { name: `On-ramp for ${accountName}` });
  await expect(request).toContainText('https://staging.kestrel.example.com');
  await expect(request).toContainText('Buy 20 EUR of USDC');
  partnerMails = await mailCount(email);
  await request.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = staff.getByRole('alertdialog', { name: `Approve: On-ramp for ${accountName}` });
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(confirm).toBeHidden();
  // The review stays open on the decided request (the toast sits behind the modal).
  await expect(request.getByRole('heading', { level: 2 })).toContainText('Approved');
  await request.getByRole('button', { name: 'Close' }).click();
  await expect(toastText(staff, 'Product enabled')).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Go-live requests' }).getByRole('row').filter({ hasText: accountName })).toContainText('Approved');
  expect((await waitForMail(email, /^Go-live for On-ramp: approved$/, partnerMails)).text).toContain(accountName);

  // The partner is live with On-ramp and creates live keys.
  await page.reload();
  await goLive.expectLoaded();
  await expect(page.getByRole('main').getByText('Live', { exact: true })).toBeVisible();
  await expect(goLive.status()).toContainText('Approved: the product is live for your account.');
  await expect(page.getByRole('button', { name: 'Request go-live' })).toHaveCount(0);
  const keys = new ApiKeysPage(page);
  await keys.goto();
  // The account is still in test mode: its first visit creates the test keys, then the live tab is open.
  expect(await keys.takeSecret()).toMatch(/^sk_test_/);
  await expect(page.getByText('Live keys are not available yet')).toHaveCount(0);
  await expect(keys.liveTab()).toBeEnabled();
  await keys.liveTab().click();
  expect(await keys.takeSecret()).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
  await expect(keys.keyRow('publishable')).toContainText('pk_live_');
  await expect(new AppShell(page).testMode()).not.toBeChecked();

  expect(problemsOf(staff)).toEqual([]);
  await staff.context().close();
});
