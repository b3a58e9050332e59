import { createPartner, type Partner } from './developers-fixtures.ts';
import { apiLogin, createConfirmedUser, expect, graphqlAs, STAFF_TOTP_SECRET, test, totpCode, totpStep, withDatabase, type ApiSession } from './fixtures.ts';
import { NftCommercePage } from './pages/nft-commerce-page.ts';
import { screenshotKit } from './screenshot-kit.ts';

// Screenshots of issue 17's minting on /developers/nft-commerce for people to look at: light and dark, 1440 and
// 390 px — the screen with a deployed collection and its mints next to one added by address, the create dialog with
// its field errors, the deployed result, the mint dialog with a refused address, an account without minting, and the
// staff switch. Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or .data/screenshots/issue17-minting.

const { shoot, open } = screenshotKit('issue17-minting', { noSideScroll: true });

test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Scene {
  minting: Partner;
  off: Partner;
  staff: Partner;
}

const HOLDERS = ['0x8ba1f109551bd432803012645ac136ddd64dba72', '0xab5801a7d398351b8be11c439e05c5b3259aec9b', '0x52908400098527886e0f7030069857d2e4169ee7'];

async function must<T>(session: ApiSession, query: string, variables: Record<string, unknown>): Promise<T> {
  const result = await graphqlAs<T>(session, query, variables);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

let scene: Promise<Scene> | undefined;
function setUp() {
  scene ??= (async () => {
    const admin = await createConfirmedUser('shot-mint-admin');
    await withDatabase((client) =>
      client.query("update users set admin_role = 'Admin', otp_secret = $2, is_otp_enabled = true where email = $1", [admin.email, STAFF_TOTP_SECRET]),
    );
    const adminSession = await apiLogin(admin.email, admin.password, totpCode(STAFF_TOTP_SECRET, totpStep()));

    const minting = await createPartner('shot-minting');
    await must(adminSession, 'mutation($a: ID!) { setAccountMintingEnabled(accountId: $a, isEnabled: true) { id } }', { a: minting.accountId });
    await must(minting.session, 'mutation($a: ID!, $i: NftCollectionInput!) { createNftCollection(accountId: $a, input: $i) { id } }', {
      a: minting.accountId,
      i: { name: 'Bored Ape Yacht Club', networkCode: 'ethereum', contractType: 'ERC721', contractAddress: '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d' },
    });
    const deployed = await must<{ deployNftCollection: { id: string } }>(
      minting.session,
      'mutation($a: ID!, $i: DeployNftCollectionInput!) { deployNftCollection(accountId: $a, input: $i) { id } }',
      { a: minting.accountId, i: { name: 'Northwind Members', symbol: 'NWM', baseTokenUri: 'https://meta.northwind.example.com/members/' } },
    );
    for (const [index, holder] of [...HOLDERS, HOLDERS[0], HOLDERS[1], HOLDERS[2]].entries()) {
      await must(minting.session, 'mutation($c: ID!, $t: String!, $u: String) { mintNft(collectionId: $c, toAddress: $t, tokenUri: $u) { id } }', {
        c: deployed.deployNftCollection.id,
        t: holder,
        u: index === 0 ? 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.json' : null,
      });
    }

    const off = await createPartner('shot-minting-off');
    const staff = { session: adminSession, accountId: off.accountId };
    return { minting, off, staff };
  })();
  return scene;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`minting screens, ${theme} ${width}`, async ({ browser }) => {
      const { minting, off, staff } = await setUp();

      const page = await open(browser, minting, theme, width);
      const nft = new NftCommercePage(page);
      await nft.goto();
      await expect(nft.mints('Northwind Members').getByRole('row')).toHaveCount(6);
      await expect(nft.collection('Bored Ape Yacht Club')).toContainText('Not mintable');
      await shoot(page, `minting-${theme}-${width}`);

      await nft.createButton().click();
      await nft.deployDialog().getByLabel('Symbol').fill('N W');
      await nft.deployDialog().getByLabel('Image URL (optional)').fill('http://cdn.example.com/a.png');
      await nft.deployDialog().getByRole('button', { name: 'Deploy collection' }).click();
      await expect(nft.deployDialog()).toContainText('Enter the collection name.');
      await shoot(page, `deploy-dialog-${theme}-${width}`, false);
      await nft.deployDialog().getByRole('button', { name: 'Cancel' }).click();

      await nft.deploy({ name: `Northwind Tickets ${theme} ${width}`, symbol: 'NWT', imageUrl: 'https://cdn.example.com/tickets.png' });
      await shoot(page, `deployed-${theme}-${width}`, false);
      await nft.deployDialog().getByRole('button', { name: 'Done' }).click();

      await nft.collection('Northwind Members').getByRole('button', { name: 'Mint a token of Northwind Members' }).click();
      await nft.mintDialog().getByLabel('To address').fill('0x8ba1f109551bd432803012645ac136ddd64dba7');
      await nft.mintDialog().getByLabel('Token URI (optional)').fill('meta.example.com/1.json');
      await nft.mintDialog().getByRole('button', { name: 'Mint token' }).click();
      await expect(nft.mintDialog()).toContainText('This is not a wallet address');
      await shoot(page, `mint-dialog-${theme}-${width}`, false);
      await page.context().close();

      const offPage = await open(browser, off, theme, width);
      const offNft = new NftCommercePage(offPage);
      await offNft.goto();
      await expect(offNft.notEnabled()).toBeVisible();
      await shoot(offPage, `minting-off-${theme}-${width}`);
      await offPage.context().close();

      const staffPage = await open(browser, staff, theme, width);
      const staffNft = new NftCommercePage(staffPage);
      await staffNft.goto();
      await expect(staffPage.getByRole('switch', { name: 'Minting for this account' })).toBeVisible();
      await staffPage.getByRole('heading', { name: 'Minting', exact: true }).scrollIntoViewIfNeeded();
      await shoot(staffPage, `staff-switch-${theme}-${width}`, false);
      await staffPage.context().close();
    });
  }
}
