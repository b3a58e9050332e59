import { z } from 'zod';
import { normalizeWalletAddress, staffReasonSchema, walletAddressSchema } from '@rampart/shared/catalog';
import { AppError } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { WalletAddressRow, WalletMark, WalletsRepository } from './wallets.repository.ts';

const markInput = z.object({ address: walletAddressSchema, reason: staffReasonSchema });
const pageInput = z.object({
  search: z.string().trim().max(256, 'At most 256 characters').nullish(),
  skip: z.number().int().min(0, 'Skip cannot be negative').max(100_000, 'At most 100000').default(0),
  take: z.number().int().min(1, 'Take at least 1').max(100, 'At most 100 at a time').default(25),
});

type Change = 'block' | 'unblock' | 'trust' | 'untrust';
const REFUSAL: Record<Change, string> = {
  block: 'is already blocked',
  unblock: 'is not blocked',
  trust: 'is already trusted',
  untrust: 'is not trusted',
};

function markOf(change: Change, reason: string, now: Date): WalletMark {
  switch (change) {
    case 'block':
      return { isBlocked: true, blockReason: reason, blockedAt: now };
    case 'unblock':
      return { isBlocked: false, blockReason: reason, blockedAt: null };
    case 'trust':
      return { isTrusted: true, trustReason: reason, trustedAt: now };
    case 'untrust':
      return { isTrusted: false, trustReason: reason, trustedAt: null };
  }
}

/** The refusal of a blocked address, naming it and the field it was given in. */
export function walletBlocked(field: string, address: string): AppError {
  return new AppError('BAD_USER_INPUT', `The wallet address ${address} is blocked: it cannot receive or be refunded to. Use another address.`, {
    fields: { [field]: `The wallet address ${address} is blocked. Use another address.` },
    type: 'wallet_blocked',
  });
}

export function createWalletsService(deps: { repository: WalletsRepository }) {
  const { repository } = deps;

  const view = (row: WalletAddressRow, updatedBy: string | null) => ({ ...row, updatedBy });

  async function change(kind: Change, staff: { id: string; email: string }, input: unknown) {
    const values = parseInput(markInput, input);
    const address = normalizeWalletAddress(values.address);
    const row = await repository.mark(address, markOf(kind, values.reason, new Date()), staff.id);
    if (!row) throw new AppError('CONFLICT', `The wallet address ${address} ${REFUSAL[kind]}.`);
    return view(row, staff.email);
  }

  return {
    async page(input: unknown) {
      const { search, skip, take } = parseInput(pageInput, input);
      const term = search ? normalizeWalletAddress(search) : null;
      const { items, totalCount } = await repository.page(term, skip, take);
      return { items: items.map(({ row, updatedBy }) => view(row, updatedBy)), totalCount };
    },
    block: (staff: { id: string; email: string }, input: unknown) => change('block', staff, input),
    unblock: (staff: { id: string; email: string }, input: unknown) => change('unblock', staff, input),
    trust: (staff: { id: string; email: string }, input: unknown) => change('trust', staff, input),
    untrust: (staff: { id: string; email: string }, input: unknown) => change('untrust', staff, input),

    /**
     * What staff marked on the addresses a transaction is given (field → address, nulls skipped): refuses the first
     * blocked one, and answers the fields whose address is trusted.
     */
    async checkTransactionAddresses(addresses: Record<string, string | null | undefined>): Promise<{ trustedFields: string[] }> {
      const given = Object.entries(addresses).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()));
      if (given.length === 0) return { trustedFields: [] };
      const rows = await repository.findMany(given.map(([, address]) => normalizeWalletAddress(address)));
      const byAddress = new Map(rows.map((row) => [row.address, row]));
      const markOf = (address: string) => byAddress.get(normalizeWalletAddress(address));
      for (const [field, address] of given) if (markOf(address)?.isBlocked) throw walletBlocked(field, address.trim());
      return { trustedFields: given.filter(([, address]) => markOf(address)?.isTrusted === true).map(([field]) => field) };
    },
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;
