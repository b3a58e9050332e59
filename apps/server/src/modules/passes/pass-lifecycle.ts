import { and, eq, sql } from 'drizzle-orm';
import type { PassEventType, PassInvalidationReason, PassWebhookEventType } from '@rampart/shared/passes';
import { passEvents, passes, passProjectCredentials, passProjects } from '../../db/schema/passes.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import type { Executor } from '../../db/executor.ts';

export type PassRow = typeof passes.$inferSelect;

/** The webhook each pass event sends (removals from a wallet send none). */
const WEBHOOK_OF: Partial<Record<PassEventType, PassWebhookEventType>> = {
  created: 'pass.created',
  addedToAppleWallet: 'pass.added',
  scanned: 'pass.scanned',
  invalidated: 'pass.invalidated',
};

/**
 * A project is in test mode while either wallet uses Rampart's development credentials (or it has none yet): its
 * webhooks go to its test-mode endpoints.
 */
export async function isProjectInTestMode(executor: Executor, projectId: string): Promise<boolean> {
  const [row] = await executor
    .select({ appleSource: passProjectCredentials.appleSource, googleSource: passProjectCredentials.googleSource })
    .from(passProjectCredentials)
    .where(eq(passProjectCredentials.projectId, projectId));
  return !row || row.appleSource === 'development' || row.googleSource === 'development';
}

/** How a pass appears in webhook payloads (and in the REST API, without its download links). */
export function passWebhookData(pass: PassRow): Record<string, unknown> {
  return {
    id: pass.id,
    projectId: pass.projectId,
    templateId: pass.templateId,
    policyIds: pass.policyIds,
    holderAddress: pass.holderAddress,
    nft: pass.tokenId ? { networkCode: pass.networkCode, chainId: pass.chainId, contractAddress: pass.contractAddress, tokenId: pass.tokenId } : null,
    status: pass.status,
    invalidatedReason: pass.invalidatedReason,
    invalidatedAt: pass.invalidatedAt?.toISOString() ?? null,
    serialNumber: pass.serialNumber,
    barcode: { message: pass.barcodeMessage, format: pass.barcodeFormat },
    externalId: pass.externalId,
    createdAt: pass.createdAt.toISOString(),
  };
}

/**
 * Records what happened to a pass (pass_events) and, for created/added/scanned/invalidated, emits the project's webhook
 * in the same transaction: `{ pass, event: {type, detail, createdAt} }`, liveMode = the project is not in test mode.
 */
export async function recordPassEvent(
  executor: Executor,
  pass: PassRow,
  type: PassEventType,
  detail: Record<string, unknown> = {},
): Promise<{ id: string; createdAt: Date }> {
  const [event] = await executor
    .insert(passEvents)
    .values({ passId: pass.id, projectId: pass.projectId, type, detail })
    .returning({ id: passEvents.id, createdAt: passEvents.createdAt });
  const webhookType = WEBHOOK_OF[type];
  if (webhookType) {
    const testMode = await isProjectInTestMode(executor, pass.projectId);
    await emitWebhookEvent(executor, {
      accountId: pass.accountId,
      liveMode: !testMode,
      type: webhookType,
      passProjectId: pass.projectId,
      data: { pass: passWebhookData(pass), event: { id: event!.id, type, detail, createdAt: event!.createdAt.toISOString() } },
    });
  }
  return event!;
}

/**
 * Invalidates an active pass, records the event and sends pass.invalidated. Idempotent: an already invalidated (or
 * unknown) pass is left alone and null is returned.
 */
export async function invalidatePass(
  executor: Executor,
  passId: string,
  reason: PassInvalidationReason,
  detail: Record<string, unknown> = {},
): Promise<PassRow | null> {
  const [updated] = await executor
    .update(passes)
    .set({ status: 'invalidated', invalidatedReason: reason, invalidatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(passes.id, passId), eq(passes.status, 'active')))
    .returning();
  if (!updated) return null;
  await recordPassEvent(executor, updated, 'invalidated', { reason, ...detail });
  return updated;
}

/** The project's name (the {{project}} placeholder) and account. */
export async function projectOf(executor: Executor, projectId: string) {
  const [project] = await executor.select().from(passProjects).where(eq(passProjects.id, projectId));
  return project ?? null;
}
