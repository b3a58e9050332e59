import { Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTypeDefs } from '../../graphql/schema.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { modules } from '../index.ts';
import { assembleAuditSentences, describeAuditEvent as describeWith, subjectOf } from './audit-sentences.ts';

// Every module's sentences, as the audit service assembles them.
const AUDIT_SENTENCES = assembleAuditSentences(modules);
const describeAuditEvent = (event: Parameters<typeof describeWith>[0]) => describeWith(event, AUDIT_SENTENCES);

function mutationFields(): string[] {
  const fields: string[] = [];
  for (const definition of parse(loadTypeDefs()).definitions) {
    if ((definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) && definition.name.value === 'Mutation') {
      fields.push(...(definition.fields ?? []).map((field) => field.name.value));
    }
  }
  return fields;
}

describe('the audit trail in words', () => {
  it('has a sentence for every Mutation field of the schema', () => {
    const fields = mutationFields();
    expect(fields.length).toBeGreaterThan(50);
    // `_noop` only lets the modules extend an empty Mutation type (base.graphql); it is no operation.
    expect(fields.filter((field) => !field.startsWith('_') && !AUDIT_SENTENCES[field])).toEqual([]);
  });

  it('says what happened, from the arguments and what the mutation returned', () => {
    const event = (operation: string, changes: Record<string, unknown>) => describeAuditEvent({ operation, kind: 'mutation', changes });
    expect(event('rollApiKey', { id: 'k', deleteOldKeyNow: false, _subject: { type: 'secret', liveMode: false } })).toBe('Rolled the secret test key');
    expect(event('rollApiKey', { id: 'k', deleteOldKeyNow: true, _subject: { type: 'restricted', liveMode: true, name: 'CI' } })).toBe(
      'Rolled the restricted live key “CI”, ending the old key at once',
    );
    expect(event('createMembership', { email: 'ana@example.com', accountId: 'a', role: 'developer' })).toBe('Invited ana@example.com as Developer');
    expect(event('updateMembership', { id: 'm', role: 'support_specialist', _subject: { email: 'ana@example.com', role: 'support_specialist' } })).toBe(
      'Changed the role of ana@example.com to Support specialist',
    );
    expect(event('updatePricingRules', { accountId: 'a', type: 'partnerFee', rules: [] })).toBe('Changed the partner fees');
    expect(event('requestGoLive', { accountId: 'a', product: 'OnRamp' })).toBe('Requested to go live with On-ramp');
    expect(event('updateWebhook', { id: 'w', isEnabled: false, _subject: { url: 'https://example.com/hook' } })).toBe(
      'Turned off the webhook to https://example.com/hook',
    );
    expect(event('freezeSellTransaction', { id: '0123456789abcdef', reason: 'Sanctions hit' })).toBe('Froze sell transaction 01234567 (reason: Sanctions hit)');
    expect(event('updateUser', { name: 'Ana', password: '[redacted]', currentPassword: '[redacted]' })).toBe('Changed their name and password');
  });

  it("tells what the operator's command line did to staff users (npm run admin)", () => {
    const event = (operation: string, changes: Record<string, unknown>) =>
      describeAuditEvent({ operation, kind: 'mutation', changes: { ...changes, operator: 'root@rampart-1' } });
    expect(event('createStaffUser', { email: 'ana@provider.example', role: 'SuperAdmin', invitationSent: true })).toBe(
      'Created the staff user ana@provider.example as Super admin and e-mailed them a set-password invitation',
    );
    expect(event('promoteToStaff', { email: 'bo@provider.example', role: 'KybAnalyst', invitationSent: false })).toBe(
      'Made bo@provider.example staff as KYB analyst',
    );
    expect(event('changeStaffRole', { email: 'ana@provider.example', role: 'Auditor', previousRole: 'SuperAdmin' })).toBe(
      'Changed the staff role of ana@provider.example from Super admin to Auditor',
    );
    expect(event('deactivateStaffUser', { email: 'ana@provider.example', previousRole: 'Auditor', sessionsEnded: 2 })).toBe(
      'Deactivated the staff user ana@provider.example (Auditor), ending 2 sessions',
    );
    expect(event('resendStaffInvitation', { email: 'cy@provider.example', role: 'ReadOnly' })).toBe(
      'E-mailed cy@provider.example a new set-password invitation',
    );
  });

  it('falls back to the operation name in words, for unknown mutations and for staff views', () => {
    expect(describeAuditEvent({ operation: 'archiveEverythingNow', kind: 'mutation', changes: {} })).toBe('Archive everything now');
    expect(describeAuditEvent({ operation: 'customerTransactions', kind: 'view', changes: {} })).toBe('Viewed customer transactions');
    expect(describeAuditEvent({ operation: 'rollApiKey', kind: 'mutation', changes: null })).toBe('Rolled the key');
  });

  it('keeps only harmless facts of a mutation’s result', () => {
    expect(subjectOf({ id: 'k', type: 'secret', liveMode: true, secret: 'sk_live_x', hashedSecret: 'h', name: 'CI' })).toEqual({
      type: 'secret',
      liveMode: true,
      name: 'CI',
    });
    expect(subjectOf({ user: { email: 'ana@example.com', passwordHash: 'x' }, role: 'analyst' })).toEqual({ email: 'ana@example.com', role: 'analyst' });
    expect(subjectOf(true)).toBeUndefined();
  });
});

describe('the trail as the API serves it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers each event with its sentence', async () => {
    const member = await accountWithMember(t);
    const invitee = uniqueEmail('ana');
    await member.client.ok('mutation($e: String!, $a: ID!) { createMembership(email: $e, accountId: $a, role: developer) { id } }', {
      e: invitee,
      a: member.accountId,
    });
    const webhook = (
      await member.client.ok('mutation($a: ID!) { createWebhook(accountId: $a, url: "http://127.0.0.1:9/hooks", liveMode: false, events: []) { id } }', {
        a: member.accountId,
      })
    ).createWebhook;
    await member.client.ok('mutation($id: ID!) { updateWebhook(id: $id, isEnabled: false) { id } }', { id: webhook.id });
    const trail = await member.client.ok('query($a: ID!) { accountAuditEvents(accountId: $a) { items { operation summary } } }', { a: member.accountId });
    expect(trail.accountAuditEvents.items).toEqual([
      { operation: 'updateWebhook', summary: 'Turned off the webhook to http://127.0.0.1:9/hooks' },
      { operation: 'createWebhook', summary: 'Added a test webhook to http://127.0.0.1:9/hooks' },
      { operation: 'createMembership', summary: `Invited ${invitee} as Developer` },
    ]);
  });

  it('writes no audit row for the support contact, which the app registers as a side effect of signing in, and no change when it is the same', async () => {
    const member = await accountWithMember(t);
    const CONTACT = 'mutation($a: ID!) { createSupportContact(email: "t@example.com", name: "Tess", companyName: "Acme", companyId: $a) }';
    const written = async () =>
      (await t.database.pool.query<{ updated_at: Date; name: string }>(`select updated_at, name from support_contacts where user_id = $1`, [member.userId]))
        .rows[0]!;
    expect(await member.client.ok(CONTACT, { a: member.accountId })).toEqual({ createSupportContact: true });
    const first = await written();
    // The same contact again changes nothing, not even its time stamp; a changed name is written.
    expect(await member.client.ok(CONTACT, { a: member.accountId })).toEqual({ createSupportContact: true });
    expect((await written()).updated_at).toEqual(first.updated_at);
    await member.client.ok(CONTACT.replace('"Tess"', '"Tess B."'), { a: member.accountId });
    expect((await written()).name).toBe('Tess B.');
    const rows = await t.database.pool.query(`select 1 from audit_events where operation = 'createSupportContact' and account_id = $1`, [member.accountId]);
    expect(rows.rowCount).toBe(0);
  });
});
