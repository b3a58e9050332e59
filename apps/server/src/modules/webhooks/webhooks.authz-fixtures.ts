import { insertReturningId, type AuthzFixtures } from '../../../test/authz-fixtures.ts';

function webhook(app: Parameters<AuthzFixtures[string]>[0]['app'], accountId: string) {
  return insertReturningId(
    app,
    `insert into webhooks (account_id, url, live_mode, signing_secret) values ($1, 'https://hooks.example.com/authz', false, 'whsec_' || md5(random()::text)) returning id`,
    [accountId],
  );
}

export const fixtures: AuthzFixtures = {
  webhook: ({ app, accountId }) => webhook(app, accountId),
  async webhookDelivery({ app, accountId }) {
    const webhookId = await webhook(app, accountId);
    const eventId = await insertReturningId(
      app,
      `insert into webhook_events (account_id, live_mode, type, data) values ($1, false, 'transaction_created', '{}') returning id`,
      [accountId],
    );
    return insertReturningId(app, `insert into webhook_deliveries (event_id, webhook_id, status) values ($1, $2, 'failed') returning id`, [eventId, webhookId]);
  },
};
