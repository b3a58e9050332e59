import crypto from 'node:crypto';
import { insertReturningId, type AuthzFixtures } from '../../../test/authz-fixtures.ts';

type App = Parameters<AuthzFixtures[string]>[0]['app'];

const EMPTY_FIELDS = JSON.stringify({ headerFields: [], primaryFields: [], secondaryFields: [], auxiliaryFields: [], backFields: [] });
const COLORS = JSON.stringify({ background: 'rgb(20, 20, 20)', foreground: 'rgb(255, 255, 255)', label: 'rgb(200, 200, 200)' });

/** A project row of the account (without credentials: reads create development ones when first asked). */
function project(app: App, accountId: string): Promise<string> {
  return insertReturningId(app, `insert into pass_projects (account_id, name) values ($1, $2) returning id`, [
    accountId,
    `Authz ${crypto.randomUUID().slice(0, 8)}`,
  ]);
}

function template(app: App, projectId: string): Promise<string> {
  return insertReturningId(
    app,
    `insert into pass_templates (project_id, name, organization_name, description, colors, fields)
     values ($1, 'Authz template', 'Authz', 'A pass', $2::jsonb, $3::jsonb) returning id`,
    [projectId, COLORS, EMPTY_FIELDS],
  );
}

export const fixtures: AuthzFixtures = {
  passProject: ({ app, accountId }) => project(app, accountId),
  async passPolicy({ app, accountId }) {
    const projectId = await project(app, accountId);
    return insertReturningId(
      app,
      `insert into pass_policies (project_id, name, kind, wallet_addresses) values ($1, 'Authz policy', 'wallets', $2) returning id`,
      [projectId, ['0x' + '1'.repeat(40)]],
    );
  },
  async passTemplate({ app, accountId }) {
    return template(app, await project(app, accountId));
  },
  async pass({ app, accountId }) {
    const projectId = await project(app, accountId);
    const templateId = await template(app, projectId);
    const serial = crypto.randomUUID();
    return insertReturningId(
      app,
      `insert into passes (project_id, account_id, template_id, holder_address, serial_number, authentication_token_hash, barcode_message, barcode_format, signed_message, signature)
       values ($1, $2, $3, $4, $5, $6, $5, 'QR', 'authz', '0x') returning id`,
      [projectId, accountId, templateId, '0x' + 'A'.repeat(40), serial, crypto.createHash('sha256').update(serial).digest('hex')],
    );
  },
  async passProjectApiKey({ app, accountId }) {
    const projectId = await project(app, accountId);
    const secret = `pass_sk_${crypto.randomBytes(24).toString('base64url')}`;
    return insertReturningId(app, `insert into pass_project_api_keys (project_id, name, key_prefix, key_hash) values ($1, 'Authz key', $2, $3) returning id`, [
      projectId,
      secret.slice(0, 14),
      crypto.createHash('sha256').update(secret).digest('hex'),
    ]);
  },
};
