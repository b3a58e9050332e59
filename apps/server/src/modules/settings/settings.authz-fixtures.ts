import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';

export const fixtures: AuthzFixtures = {
  async nftCollection({ app, accountId }) {
    const result = await app.database.pool.query<{ id: string }>(
      `insert into nft_collections (account_id, name, contract_address, contract_type, network_code)
       values ($1, 'Authz', '0x' || md5(random()::text) || '00000000', 'ERC721', 'ethereum') returning id`,
      [accountId],
    );
    return result.rows[0]!.id;
  },
};
