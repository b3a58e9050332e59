import type { TransactionRow } from '../transactions/transactions.repository.ts';

/** What a transaction looks like on the public API: amounts as decimal strings, no internal columns. */
export function presentTransaction(row: TransactionRow) {
  // version: the provider's sequence number for ingestion (docs/ingestion.md); route: the processor staff's routing
  // rules chose (issue 35). Neither is part of this API.
  const {
    accountId: _accountId,
    version: _version,
    route: _route,
    ...rest
  } = row as TransactionRow & { accountId: string; version?: number; route?: string | null };
  return rest;
}

/** A customer on the public API, without the provider's ingestion version. */
export function presentCustomer<T extends { version?: number }>(row: T): Omit<T, 'version'> {
  const { version: _version, ...rest } = row;
  return rest;
}
