import { insertReturningId, type AuthzFixtures } from '../../../test/authz-fixtures.ts';

async function organizationOf(app: Parameters<AuthzFixtures[string]>[0]['app'], accountId: string): Promise<string> {
  const result = await app.database.pool.query<{ organization_id: string }>(`select organization_id from accounts where id = $1`, [accountId]);
  return result.rows[0]!.organization_id;
}

export const fixtures: AuthzFixtures = {
  organization: ({ app, accountId }) => organizationOf(app, accountId),
  async kybDocument({ app, accountId }) {
    const organizationId = await organizationOf(app, accountId);
    const applicationId = await insertReturningId(
      app,
      `insert into kyb_applications (organization_id) values ($1)
       on conflict (organization_id) do update set updated_at = now() returning id`,
      [organizationId],
    );
    // A row without stored bytes: access checks and links need only the row; the file route then answers 404.
    return insertReturningId(
      app,
      `insert into kyb_documents (application_id, type, storage_key, file_name, content_type, size_bytes)
       values ($1, 'proofOfAddress', $2, 'authz.pdf', 'application/pdf', 4) returning id`,
      [applicationId, `authzfixture${Math.random().toString(36).slice(2).padEnd(20, 'x')}`.slice(0, 32)],
    );
  },
};
