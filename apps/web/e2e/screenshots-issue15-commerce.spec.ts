import { expect, graphql, graphqlAs, test } from './fixtures.ts';
import { createPartner, type Partner } from './developers-fixtures.ts';
import { CommercePages } from './pages/commerce-pages.ts';
import { screenshotKit } from './screenshot-kit.ts';

// Screenshots of issue 15's commerce screens for people to look at: light and dark, 1440 and 390 px — the intro, the
// onboarding form and its "continue" state, the built-in hosted onboarding page, the active merchant account, and
// the payout wallets with the add dialog. Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or
// .data/screenshots/issue15-commerce.

const { shoot, open } = screenshotKit('issue15-commerce', { noSideScroll: true });

test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Scene {
  fresh: Partner;
  started: Partner;
  sandboxPath: string;
  active: Partner;
}

async function createMerchant(partner: Partner, businessName: string): Promise<string> {
  const created = await graphqlAs<{ createHelioMerchantAccount: { redirectUrl: string } }>(
    partner.session,
    'mutation($a: ID!, $i: HelioMerchantAccountInput!) { createHelioMerchantAccount(accountId: $a, input: $i) { redirectUrl } }',
    { a: partner.accountId, i: { businessName, contactEmail: 'payments@northwind.example.com' } },
  );
  expect(created.errors).toBeUndefined();
  return new URL(created.data!.createHelioMerchantAccount.redirectUrl).pathname;
}

let scene: Promise<Scene> | undefined;
function setUp() {
  scene ??= (async () => {
    const fresh = await createPartner('shot-commerce-fresh');
    const started = await createPartner('shot-commerce-started');
    const sandboxPath = await createMerchant(started, 'Northwind Trading Ltd');
    const active = await createPartner('shot-commerce-active');
    const activePath = await createMerchant(active, 'Northwind Trading Ltd');
    const token = activePath.split('/').pop()!;
    const done = await graphql('mutation($t: String!) { completeSandboxHelioOnboarding(token: $t, outcome: approve) }', { t: token });
    expect(done.errors).toBeUndefined();
    const add = 'mutation($a: ID!, $i: HelioWalletInput!) { addHelioWallet(accountId: $a, input: $i) { id } }';
    for (const input of [
      { currencyCode: 'usdc_sol', walletAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' },
      { currencyCode: 'xrp', walletAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', walletAddressTag: '104857' },
      { currencyCode: 'usdc', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
    ]) {
      const added = await graphqlAs(active.session, add, { a: active.accountId, i: input });
      expect(added.errors).toBeUndefined();
    }
    return { fresh, started, sandboxPath, active };
  })();
  return scene;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`commerce screens, ${theme} ${width}`, async ({ browser }) => {
      const { fresh, started, sandboxPath, active } = await setUp();

      const freshPage = await open(browser, fresh, theme, width);
      const freshCommerce = new CommercePages(freshPage);
      await freshCommerce.gotoSection('intro');
      await expect(freshPage.getByRole('link', { name: 'Set up commerce' })).toBeVisible();
      await shoot(freshPage, `intro-${theme}-${width}`);
      await freshCommerce.gotoSection('onboarding');
      await expect(freshPage.getByLabel('Business name')).toBeVisible();
      await shoot(freshPage, `onboarding-${theme}-${width}`);
      await freshPage.context().close();

      const startedPage = await open(browser, started, theme, width);
      await new CommercePages(startedPage).gotoSection('onboarding');
      await expect(startedPage.getByRole('button', { name: 'Continue onboarding' })).toBeVisible();
      await shoot(startedPage, `onboarding-continue-${theme}-${width}`);
      await startedPage.goto(sandboxPath);
      await expect(startedPage.getByText('Northwind Trading Ltd')).toBeVisible();
      await shoot(startedPage, `sandbox-onboarding-${theme}-${width}`);
      await startedPage.context().close();

      const page = await open(browser, active, theme, width);
      const commerce = new CommercePages(page);
      await commerce.gotoSection('account');
      await expect(commerce.statusBadge()).toHaveText('Active');
      await shoot(page, `account-${theme}-${width}`);
      await commerce.gotoSection('wallets');
      await expect(commerce.walletRows()).toHaveCount(3);
      await shoot(page, `wallets-${theme}-${width}`);
      await commerce.openAddWallet();
      await commerce.fillWallet({ currency: 'XRP', address: 'r-not-an-address' });
      await commerce.submitWallet();
      await expect(commerce.walletDialog().getByText('This is not a valid XRP address.')).toBeVisible();
      await shoot(page, `wallet-dialog-${theme}-${width}`, false);
      await page.context().close();
    });
  }
}
