import type pg from 'pg';
import { inOwnTransaction } from './own-transaction.ts';
import type { FileStorage } from '../lib/file-storage.ts';

/** What `npm run seed -- --remove-demo` removed: rows per table (cascades included), files, and the users it kept. */
export interface DemoRemoval {
  organizations: number;
  accounts: number;
  users: number;
  /** Rows deleted per table, cascades included; tables with none are left out. */
  rows: Record<string, number>;
  /** Other users' `last_selected_account_id` that pointed at a demo account, cleared. */
  clearedSelections: number;
  files: number;
  /** Demo users kept because they also belong to an organization that is not demo data, or are provider staff. */
  keptUsers: string[];
}

/**
 * Removes the demo data and nothing else, in one database transaction: the organizations marked `is_demo` and,
 * by their foreign keys' cascades, their accounts and every row under them; the rows keyed by a demo account that
 * have no foreign key (rollups, the audit trail), found in the catalogue so a new such table is covered too; the
 * users the seed created (`users.is_demo`) unless they also belong to another organization or are staff; the
 * uploaded files of the removed rows (after the commit). Records the removal so later starts do not seed again.
 * Running it again removes nothing.
 */
export async function removeDemo(pool: pg.Pool, storage: FileStorage): Promise<DemoRemoval> {
  const { removal, fileKeys } = await inOwnTransaction(pool, async (client) => {
    // The cascades are foreign-key triggers: on a connection a bulk load left in replica mode they would not fire.
    const role = await client.query<{ role: string }>(`select current_setting('session_replication_role') as role`);
    if (role.rows[0]!.role !== 'origin') await client.query(`set local session_replication_role = origin`);
    const before = await deletedPerTable(client);

    const organizations = (await client.query<{ id: string }>(`select id from organizations where is_demo for update`)).rows.map((row) => row.id);
    const accounts = (await client.query<{ id: string }>(`select id from accounts where organization_id = any($1::uuid[])`, [organizations])).rows.map(
      (row) => row.id,
    );
    const demoUsers = (
      await client.query<{ id: string; email: string; kept: boolean }>(
        `select u.id, u.email,
                u.admin_role is not null
                or exists (select 1 from memberships m join accounts a on a.id = m.account_id join organizations o on o.id = a.organization_id
                            where m.user_id = u.id and not o.is_demo)
                or exists (select 1 from organizations o where o.owner_id = u.id and not o.is_demo) as kept
           from users u where u.is_demo for update`,
      )
    ).rows;
    const users = demoUsers.filter((user) => !user.kept).map((user) => user.id);

    const fileKeys = (
      await client.query<{ key: string }>(
        `select d.storage_key as key from kyb_documents d join kyb_applications a on a.id = d.application_id where a.organization_id = any($1::uuid[])
         union all
         select unnest(array[t.logo_image_key, t.icon_image_key, t.strip_image_key]) from pass_templates t
           join pass_projects p on p.id = t.project_id where p.account_id = any($2::uuid[])
         union all
         select image_key from passes where account_id = any($2::uuid[])`,
        [organizations, accounts],
      )
    ).rows
      .map((row) => row.key)
      .filter((key): key is string => key !== null);

    // Rows keyed by a demo account without a foreign key (the rollups, the audit trail): every such column.
    const unreferenced = await client.query<{ table: string }>(
      `select c.table_name as table from information_schema.columns c
        where c.table_schema = current_schema() and c.column_name = 'account_id' and c.data_type = 'uuid'
          and not exists (
            select 1 from information_schema.key_column_usage k
              join information_schema.table_constraints t on t.constraint_name = k.constraint_name and t.table_schema = k.table_schema
             where t.constraint_type = 'FOREIGN KEY' and k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = 'account_id')
        order by 1`,
    );
    for (const { table } of unreferenced.rows) await client.query(`delete from "${table}" where account_id = any($1::uuid[])`, [accounts]);
    // The demo users' own events outside any account (sign-ins, profile changes).
    await client.query(`delete from audit_events where account_id is null and actor_user_id = any($1::uuid[])`, [users]);
    // Billing events outlive their organization (on delete set null) for the provider's books; a demo one is not real.
    await client.query(`delete from billing_events where organization_id = any($1::uuid[])`, [organizations]);
    const cleared = await client.query(`update users set last_selected_account_id = null where last_selected_account_id = any($1::uuid[])`, [accounts]);
    await client.query(`delete from organizations where id = any($1::uuid[])`, [organizations]);
    // The development identity provider's copy of a removed user (keyed by the user's id, no foreign key).
    await client.query(`delete from dev_idp_users where id = any($1::uuid[])`, [users]);
    await client.query(`delete from users where id = any($1::uuid[])`, [users]);
    await client.query(`insert into demo_removals (id) values (true) on conflict (id) do update set removed_at = now()`);

    const after = await deletedPerTable(client);
    const rows: Record<string, number> = {};
    for (const [table, count] of after) {
      const deleted = count - (before.get(table) ?? 0);
      if (deleted > 0 && table !== 'demo_removals') rows[table] = deleted;
    }
    const removal: DemoRemoval = {
      organizations: organizations.length,
      accounts: accounts.length,
      users: users.length,
      rows,
      clearedSelections: cleared.rowCount ?? 0,
      files: 0,
      keptUsers: demoUsers.filter((user) => user.kept).map((user) => user.email),
    };
    return { removal, fileKeys };
  });
  // After the commit: a failed removal keeps its files, and a file that is already gone is not an error.
  for (const key of fileKeys) await storage.delete(key);
  removal.files = fileKeys.length;
  return removal;
}

/** Rows deleted so far in this transaction, per table (cascaded deletes included). */
async function deletedPerTable(client: pg.PoolClient): Promise<Map<string, number>> {
  const result = await client.query<{ table: string; deleted: string }>(
    `select relname as table, n_tup_del as deleted from pg_stat_xact_user_tables where schemaname = current_schema()`,
  );
  return new Map(result.rows.map((row) => [row.table, Number(row.deleted)]));
}

/** The removal in words, for the command line. */
export function describeRemoval(removal: DemoRemoval): string[] {
  const lines: string[] = [];
  const total = Object.values(removal.rows).reduce((sum, count) => sum + count, 0);
  if (total === 0 && removal.files === 0) lines.push('No demo data to remove.');
  else {
    lines.push(
      `Removed the demo data: ${removal.organizations} organization(s), ${removal.accounts} account(s), ${removal.users} user(s), ${total.toLocaleString('en')} rows, ${removal.files} file(s).`,
    );
    for (const [table, count] of Object.entries(removal.rows).sort(([a], [b]) => a.localeCompare(b)))
      lines.push(`  ${table.padEnd(40)} ${count.toLocaleString('en').padStart(10)}`);
  }
  if (removal.clearedSelections > 0) lines.push(`Cleared ${removal.clearedSelections} other user(s)' last selected account (a demo account).`);
  for (const email of removal.keptUsers)
    lines.push(`Kept ${email}: it also belongs to an organization that is not demo data, or is staff. If it still has the demo password, change it.`);
  lines.push('Later starts do not seed the demo again; `npm run seed -- --demo` brings it back.');
  return lines;
}
