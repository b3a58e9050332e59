/**
 * Generated from the permission table: every staff permission must gate at least one operation, so that none exists
 * only as a name (issue 35). An operation is gated by a staff permission when
 * - its SDL field carries `@staff(permission: …)` with it;
 * - its SDL field or REST route needs a partner permission that staff hold through it (STAFF_EQUIVALENT);
 * - a service checks it by name on the staff member's permissions (`.includes('…')` / `.has('…')`).
 * Permissions taken out of the table are listed in docs/decisions/0023-staff-permissions.md, each with its reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PERMISSIONS, ADMIN_PERMISSIONS, ADMIN_ROLES, STAFF_EQUIVALENT, adminPermissionsOf, type AccountPermission } from '@rampart/shared/permissions';
import { rules } from './operations.ts';

const SERVER_SOURCE = path.resolve(import.meta.dirname, '../src');
const DECISION = path.resolve(import.meta.dirname, '../../../docs/decisions/0023-staff-permissions.md');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function staffEquivalents(permission: AccountPermission): readonly string[] {
  const equivalent = STAFF_EQUIVALENT[permission];
  if (equivalent === undefined) return [];
  return typeof equivalent === 'string' ? [equivalent] : equivalent;
}

/** Which operations each staff permission gates, by the name of the operation (SDL field or source file). */
function gatedOperations(): Map<string, string[]> {
  const gates = new Map<string, string[]>();
  const add = (permission: string, operation: string) => gates.set(permission, [...(gates.get(permission) ?? []), operation]);
  for (const [field, rule] of rules) {
    if (rule.kind === 'staff') add(rule.permission, field);
    if (rule.kind === 'account' || rule.kind === 'entity') for (const permission of staffEquivalents(rule.permission)) add(permission, field);
  }
  const partnerPermissions = new Set<string>(ACCOUNT_PERMISSIONS);
  const adminPermissions = new Set<string>(ADMIN_PERMISSIONS);
  for (const file of sourceFiles(SERVER_SOURCE)) {
    const text = fs.readFileSync(file, 'utf8');
    const where = path.relative(SERVER_SOURCE, file);
    // REST routes and services asking for a partner permission on an account (staff pass through the equivalent).
    for (const match of text.matchAll(/(?:grantFor\([^;]*?|staffHasAccountPermission\([^,]+,\s*)'([a-zA-Z]+:[a-zA-Z]+)'/g)) {
      if (partnerPermissions.has(match[1]!)) for (const permission of staffEquivalents(match[1] as AccountPermission)) add(permission, where);
    }
    // A service checking a staff permission by name.
    for (const match of text.matchAll(/\.(?:includes|has)\('([a-zA-Z]+:[a-zA-Z]+)'\)/g)) {
      if (adminPermissions.has(match[1]!)) add(match[1]!, where);
    }
  }
  return gates;
}

function removedInDecision(): string[] {
  const text = fs.readFileSync(DECISION, 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Removed'));
  expect(section, 'the decision record has a "Removed" section').toBeDefined();
  return [...section!.matchAll(/`([a-zA-Z]+:[a-zA-Z]+)`/g)].map((match) => match[1]!);
}

describe('the staff permission table', () => {
  const gates = gatedOperations();

  it('has no permission that gates no operation', () => {
    const idle = ADMIN_PERMISSIONS.filter((permission) => !gates.has(permission));
    expect(idle, 'staff permissions no operation checks: use them or remove them (and list them in the decision record)').toEqual([]);
  });

  it('no longer holds the permissions the decision record lists as removed, and the record gives each one once', () => {
    const removed = removedInDecision();
    expect(removed.length).toBeGreaterThan(0);
    expect(new Set(removed).size).toBe(removed.length);
    expect(removed.filter((permission) => (ADMIN_PERMISSIONS as readonly string[]).includes(permission))).toEqual([]);
  });

  it('gives every staff role at least one permission', () => {
    expect(ADMIN_ROLES.filter((role) => adminPermissionsOf(role).length === 0)).toEqual([]);
  });
});
