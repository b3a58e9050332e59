import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { CopyButton } from '@/components/copy-button';
import { shortHex } from '@/features/developers/lib/minting';
import type { Developers_NftMintFragment } from '@/gql/graphql';
import { formatDateTime } from '@/lib/format';

const FIRST = 5;

/** A shortened address or hash (the whole in its tooltip) with a button copying the whole. */
function HexCell({ value, copyLabel }: { value: string; copyLabel: string }) {
  return (
    <TableCell>
      <span className="flex items-center gap-1">
        <span className="font-mono text-xs whitespace-nowrap" title={value}>
          {shortHex(value)}
        </span>
        <CopyButton value={value} label={copyLabel} />
      </span>
    </TableCell>
  );
}

/** The tokens Rampart minted into one collection, newest first; the first five until asked for all. */
export function CollectionMints({ collectionName, mints }: { collectionName: string; mints: readonly Developers_NftMintFragment[] }) {
  const [showAll, setShowAll] = useState(false);
  if (mints.length === 0) return <p className="text-sm text-muted-foreground">No token minted yet.</p>;
  // Newest first; mints of one second by token id (decimal strings, compared as integers).
  const sorted = [...mints].sort((a, b) =>
    a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : BigInt(b.tokenId) > BigInt(a.tokenId) ? 1 : -1,
  );
  const shown = showAll ? sorted : sorted.slice(0, FIRST);
  return (
    <div className="flex flex-col gap-2">
      <div className="rounded-md border">
        <HeadedTable label={`Tokens minted in ${collectionName}`} columns={['Token', 'Owner (minted to)', 'Transaction', 'Minted']}>
          {shown.map((mint) => (
            <TableRow key={mint.id}>
              <TableCell className="font-mono text-xs">#{mint.tokenId}</TableCell>
              <HexCell value={mint.toAddress} copyLabel={`Copy the owner of token ${mint.tokenId}`} />
              <HexCell value={mint.transactionHash} copyLabel={`Copy the transaction of token ${mint.tokenId}`} />
              <TableCell className="text-xs whitespace-nowrap text-muted-foreground">{formatDateTime(mint.createdAt)}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      </div>
      {mints.length > FIRST && (
        <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => setShowAll((value) => !value)}>
          {showAll ? 'Show the latest five' : `Show all ${mints.length} tokens`}
        </Button>
      )}
    </div>
  );
}
