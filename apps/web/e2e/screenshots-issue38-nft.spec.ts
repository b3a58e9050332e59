import { createPartner } from './developers-fixtures.ts';
import { createSignedInUser, expect, graphqlAs, test } from './fixtures.ts';
import { SCREEN_HEIGHT, screenshotKit, type ScreenTheme, type ScreenWidth } from './screenshot-kit.ts';

// Screenshots of issue 38's NFT checkout: the checkout, the card step and the result, light and dark, 1440 and 390 px.
// Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or .data/screenshots/issue38-nft.

const kit = screenshotKit('issue38-nft', { noSideScroll: true });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let link = '';
test.beforeAll(async () => {
  const partner = await createPartner('nft-shots');
  const { session: staff } = await createSignedInUser('nft-shots-staff', { adminRole: 'Admin' });
  await graphqlAs(staff, 'mutation($a: ID!) { setAccountMintingEnabled(accountId: $a, isEnabled: true) { id } }', { a: partner.accountId });
  await graphqlAs(partner.session, 'mutation($a: ID!) { updateNftAccount(accountId: $a, input: { isLiteNftFlowAllowed: true }) { id } }', {
    a: partner.accountId,
  });
  const deployed = await graphqlAs<{ deployNftCollection: { widgetUrl: string } }>(
    partner.session,
    'mutation($a: ID!, $i: DeployNftCollectionInput!) { deployNftCollection(accountId: $a, input: $i) { widgetUrl } }',
    { a: partner.accountId, i: { name: 'Rampart Genesis', symbol: 'RGEN', priceAmount: '0.025' } },
  );
  link = deployed.data!.deployNftCollection.widgetUrl;
});

for (const theme of ['light', 'dark'] as ScreenTheme[]) {
  for (const width of [1440, 390] as ScreenWidth[]) {
    test(`NFT checkout, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: SCREEN_HEIGHT[width] });
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
      await page.goto(link);
      await expect(page.getByRole('region', { name: 'Price' })).toContainText('You pay');
      await page.getByLabel('E-mail').fill('buyer@example.com');
      await page.getByLabel('Wallet address (receives the NFT)').fill('0x8ba1f109551bd432803012645ac136ddd64dba72');
      await kit.shoot(page, `checkout-${theme}-${width}`);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByRole('button', { name: /Fill in 4242 4242 4242 4242/ }).click();
      await kit.shoot(page, `payment-${theme}-${width}`);
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({ timeout: 60_000 });
      await kit.shoot(page, `result-${theme}-${width}`);
    });
  }
}
