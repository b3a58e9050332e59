import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { EvmChain } from '../../lib/chain/evm-chain.ts';
import { invalidatePass } from './pass-lifecycle.ts';

/**
 * Watches the Transfer logs of every NFT contract that has active NFT-bound passes, from its cursor
 * (nft_transfer_cursors: the last block read) to the chain head, in bounded block ranges; a pass whose token moved to
 * anyone but its holder is invalidated (reason nftTransferred, detail {transactionHash, toAddress}) with its
 * pass.invalidated webhook, in the transaction that advances the cursor. A pass's creation sets its contract's cursor
 * to the block its ownership was checked at, so a transfer right after issuing is seen.
 */

/** At most this many blocks per getLogs call (public nodes refuse large ranges). */
export const TRANSFER_LOG_BLOCK_RANGE = 2_000n;

export interface NftTransferCheck {
  contracts: number;
  invalidated: Array<{ passId: string; transactionHash: string; toAddress: string }>;
}

export async function checkNftTransfers(deps: {
  db: Database;
  chain: Pick<EvmChain, 'chainId' | 'blockNumber' | 'transferLogs'>;
  maxRange?: bigint;
}): Promise<NftTransferCheck> {
  const { db, chain } = deps;
  const maxRange = deps.maxRange ?? TRANSFER_LOG_BLOCK_RANGE;
  const head = await chain.blockNumber();
  const watched = await db.execute<{ contract_address: string; last_block: string | null }>(sql`
    select p.contract_address, c.last_block
    from (select distinct contract_address from passes where status = 'active' and token_id is not null and chain_id = ${chain.chainId}) p
    left join nft_transfer_cursors c on c.chain_id = ${chain.chainId} and c.contract_address = p.contract_address`);
  const result: NftTransferCheck = { contracts: watched.rows.length, invalidated: [] };

  for (const row of watched.rows) {
    // A contract without a cursor (passes made before one was kept): start at the head; ownership was checked at issue.
    let from = row.last_block !== null ? BigInt(row.last_block) + 1n : head;
    let expectedCursor = row.last_block;
    // Another run (a second worker, or the watcher beside a direct call) may move the cursor between reading it and
    // locking it: carry on from where that run left it, so every transfer up to this run's head is applied when it returns.
    let resyncs = 0;
    while (from <= head) {
      const to = from + maxRange - 1n < head ? from + maxRange - 1n : head;
      const logs = await chain.transferLogs(row.contract_address, from, to);
      const outcome = await db.transaction(async (tx) => {
        // The cursor row is locked first: a pass issued meanwhile (which lowers the cursor) either committed before, and
        // this range is read again, or waits for this transaction and lowers the cursor after it.
        const cursor = await tx.execute<{ last_block: string }>(
          sql`select last_block from nft_transfer_cursors where chain_id = ${chain.chainId} and contract_address = ${row.contract_address} for update`,
        );
        const current = cursor.rows[0]?.last_block ?? null;
        if (current !== expectedCursor) return { applied: false as const, current };
        for (const log of logs) {
          const moved = await tx.execute<{ id: string }>(sql`
            select id from passes
            where status = 'active' and chain_id = ${chain.chainId} and contract_address = ${row.contract_address} and token_id = ${log.tokenId}
              and lower(holder_address) <> ${log.to.toLowerCase()}
            for update`);
          for (const pass of moved.rows) {
            const invalidated = await invalidatePass(tx, pass.id, 'nftTransferred', {
              transactionHash: log.transactionHash,
              toAddress: log.to,
              blockNumber: log.blockNumber.toString(),
            });
            if (invalidated) result.invalidated.push({ passId: pass.id, transactionHash: log.transactionHash, toAddress: log.to });
          }
        }
        await tx.execute(sql`
          insert into nft_transfer_cursors (chain_id, contract_address, last_block) values (${chain.chainId}, ${row.contract_address}, ${to.toString()})
          on conflict (chain_id, contract_address) do update set last_block = excluded.last_block, updated_at = now()`);
        return { applied: true as const };
      });
      if (outcome.applied) {
        expectedCursor = to.toString();
        from = to + 1n;
        continue;
      }
      // Bounded: a cursor that keeps moving under this run is left to the next tick.
      resyncs += 1;
      if (resyncs > 5) break;
      expectedCursor = outcome.current;
      from = outcome.current !== null ? BigInt(outcome.current) + 1n : head;
    }
  }
  return result;
}

/**
 * Runs checkNftTransfers every `intervalSeconds` in the worker (one run at a time; a failure is logged and the next
 * tick tries again).
 */
export function startNftTransferWatcher(deps: {
  db: Database;
  chain: EvmChain;
  intervalSeconds: number;
  log: { error(obj: object, message: string): void; info(obj: object, message: string): void };
}) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = checkNftTransfers({ db: deps.db, chain: deps.chain })
      .then((checked) => {
        if (checked.invalidated.length > 0) deps.log.info({ invalidated: checked.invalidated }, 'nft transfer watcher: passes invalidated');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'nft transfer watcher: check failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, deps.intervalSeconds * 1000);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
