import { checkHttpsUrl, nftPriceProblem } from '@rampart/shared/developer-settings';
import { z } from 'zod';

// What the minting forms check while typing; the server applies the same rules and answers per field.

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An optional https or ipfs:// URI (token metadata). */
export function optionalMetadataUri(value: string, ctx: z.RefinementCtx) {
  const text = value.trim();
  if (!text) return;
  if (text.length > 512) {
    ctx.addIssue({ code: 'custom', message: 'At most 512 characters.' });
    return;
  }
  if (/^ipfs:\/\/\S+$/i.test(text)) return;
  const checked = checkHttpsUrl(text);
  if ('problem' in checked)
    ctx.addIssue({
      code: 'custom',
      message: /^ipfs:/i.test(text) ? 'An ipfs:// URI needs a content id, such as ipfs://bafy…/1.json.' : 'Use an https:// URL or an ipfs:// URI.',
    });
}

/** A collection's price per NFT in its network's native asset, as the server checks it. */
export const nftPriceField = z.string().superRefine((value, ctx) => {
  const problem = nftPriceProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The price a new collection starts with (the server's default). */
export const DEFAULT_NFT_PRICE = '0.01';

export const deployCollectionSchema = z.object({
  name: z.string().trim().min(1, 'Enter the collection name.').max(100, 'At most 100 characters.'),
  symbol: z.string().superRefine((value, ctx) => {
    const text = value.trim();
    const problem = !text
      ? 'Enter a symbol such as RMPT.'
      : text.length > 11
        ? 'At most 11 characters.'
        : !/^[A-Za-z0-9]+$/.test(text)
          ? 'Use letters and digits only, such as RMPT.'
          : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  imageUrl: z.string().superRefine((value, ctx) => {
    if (!value.trim()) return;
    const checked = checkHttpsUrl(value);
    if ('problem' in checked) ctx.addIssue({ code: 'custom', message: checked.problem });
  }),
  baseTokenUri: z.string().superRefine(optionalMetadataUri),
  priceAmount: nftPriceField,
});
export type DeployCollectionValues = z.infer<typeof deployCollectionSchema>;

export const mintSchema = z.object({
  toAddress: z.string().superRefine((value, ctx) => {
    const text = value.trim();
    if (!text) ctx.addIssue({ code: 'custom', message: 'Enter the wallet address that receives the token.' });
    else if (!EVM_ADDRESS.test(text)) ctx.addIssue({ code: 'custom', message: 'This is not a wallet address: 0x followed by 40 hex digits.' });
    else if (/^0x0{40}$/.test(text)) ctx.addIssue({ code: 'custom', message: 'Tokens cannot be minted to the zero address.' });
  }),
  tokenUri: z.string().superRefine(optionalMetadataUri),
});
export type MintValues = z.infer<typeof mintSchema>;

/** 0x1234…abcd: long hashes and addresses in narrow places; the full value stays in title and copy buttons. */
export function shortHex(value: string, keep = 6): string {
  return value.length <= keep * 2 + 3 ? value : `${value.slice(0, keep + 2)}…${value.slice(-keep)}`;
}
