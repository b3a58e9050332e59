// Developer settings rules both sides apply: the server enforces them, the web shows the same messages while typing.
import { z } from 'zod';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
export const MAX_IFRAME_ANCESTORS = 20;

function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/**
 * Checks one allowed iframe ancestor: an origin (https, or http only for localhost), host and optional port, nothing
 * else. Returns the normalised origin, or a sentence saying what is wrong.
 */
export function checkOrigin(raw: string): { origin: string } | { problem: string } {
  const value = raw.trim().replace(/\/$/, '');
  if (!value) return { problem: 'Enter an origin such as https://shop.example.com.' };
  if (value.includes('*')) return { problem: `"${value}": wildcards are not accepted; list each origin.` };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return { problem: `"${value}" is not an origin: start with https://` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `"${value}" is not an origin: use https://host or https://host:port.` };
  }
  if (scheme !== 'https' && scheme !== 'http') return { problem: `"${value}": only https origins are accepted.` };
  if (scheme === 'http' && !isLocalHost(url.hostname)) return { problem: `"${value}": use https (http is accepted only for localhost).` };
  if (url.username || url.password) return { problem: `"${value}": an origin has no user name or password.` };
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value)) {
    return { problem: `"${value}" has a path, query or fragment: an origin is only scheme, host and port (${url.origin}).` };
  }
  if (!url.hostname.includes('.') && !isLocalHost(url.hostname)) return { problem: `"${value}": the host needs a domain such as example.com.` };
  return { origin: url.origin };
}

/** An https URL (http for localhost only when allowed), at most 2048 characters. */
export function checkHttpsUrl(raw: string, options: { allowLocalHttp?: boolean } = {}): { url: string } | { problem: string } {
  const value = raw.trim();
  if (value.length > 2048) return { problem: 'At most 2048 characters.' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'Enter a full URL starting with https://' };
  }
  const localHttp = options.allowLocalHttp && url.protocol === 'http:' && isLocalHost(url.hostname);
  if (url.protocol !== 'https:' && !localHttp) return { problem: options.allowLocalHttp ? 'Use an https URL (http only for localhost).' : 'Use an https URL.' };
  if (url.username || url.password) return { problem: 'The URL must not contain a user name or password.' };
  if (!url.hostname.includes('.') && !isLocalHost(url.hostname)) return { problem: 'The host needs a domain such as example.com.' };
  // Kept as typed (validated), so https://example.com stays without an added slash.
  return { url: value };
}

function optionalUrl(options: { allowLocalHttp?: boolean }) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value.trim() === '') return null;
      const checked = checkHttpsUrl(value, options);
      if ('problem' in checked) {
        ctx.addIssue({ code: 'custom', message: checked.problem });
        return z.NEVER;
      }
      return checked.url;
    });
}

/** updateAccount's developer settings; an omitted field is left as it is, null or "" clears a URL. */
export const accountSettingsInput = z.object({
  allowedIframeAncestorUrls: z
    .array(z.string().max(300, 'At most 300 characters'))
    .max(MAX_IFRAME_ANCESTORS, `At most ${MAX_IFRAME_ANCESTORS} origins`)
    .nullish()
    .transform((values, ctx) => {
      if (values === null || values === undefined) return undefined;
      const origins: string[] = [];
      values.forEach((value, index) => {
        const checked = checkOrigin(value);
        if ('problem' in checked) ctx.addIssue({ code: 'custom', message: checked.problem, path: [index] });
        else if (!origins.includes(checked.origin)) origins.push(checked.origin);
      });
      return origins;
    }),
  customerDataWebhookUrl: optionalUrl({}),
});

export const WALLET_DISPLAY_MODES = ['EDITABLE', 'HIDDEN', 'READONLY'] as const;
export type WalletDisplayMode = (typeof WALLET_DISPLAY_MODES)[number];

export const nftAccountInput = z.object({
  walletDisplayMode: z.enum(WALLET_DISPLAY_MODES).optional(),
  isLiteNftFlowAllowed: z.boolean().nullish(),
  isNftCommerceFlowAllowed: z.boolean().nullish(),
  baseNftUrl: optionalUrl({}),
  baseNftTestnetUrl: optionalUrl({ allowLocalHttp: true }),
});

export const NFT_CONTRACT_TYPES = ['ERC721', 'ERC1155', 'METAPLEX'] as const;
export type NftContractType = (typeof NFT_CONTRACT_TYPES)[number];

/** The asset an NFT collection's price is in: its network's native asset (test-mode prices: TEST_MODE_USD_PRICES). */
export function nftPriceCurrencyOf(networkCode: string): string {
  return ({ polygon: 'pol', avalanche: 'avax', bsc: 'bnb', solana: 'sol' } as Record<string, string>)[networkCode] ?? 'eth';
}

/** An NFT's price in the network's native asset: a decimal above zero, at most 18 decimals (wei). */
export function nftPriceProblem(value: string): string | null {
  const text = value.trim();
  if (!/^\d{1,9}(\.\d{1,18})?$/.test(text)) return 'Enter the price as a number such as 0.05 (at most 18 decimals).';
  if (!/[1-9]/.test(text)) return 'The price must be above zero.';
  return null;
}

const nftPrice = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = nftPriceProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const nftCollectionInput = z.object({
  name: z.string().trim().min(1, 'Enter the collection name').max(120, 'At most 120 characters'),
  imageUrl: optionalUrl({}),
  contractAddress: z.string().trim().min(1, 'Enter the contract address').max(128, 'At most 128 characters'),
  contractType: z.enum(NFT_CONTRACT_TYPES, { message: 'Choose ERC721, ERC1155 or METAPLEX' }),
  networkCode: z.string().trim().min(1, 'Choose a network'),
  priceAmount: nftPrice.nullish(),
});

/** A wallet address against a currency's address pattern; the server checks the same. */
export function walletAddressProblem(address: string, currency: { name: string; addressRegex: string }): string | null {
  const value = address.trim();
  if (!value) return 'Enter the wallet address.';
  if (value.length > 256) return 'At most 256 characters.';
  let pattern: RegExp;
  try {
    pattern = new RegExp(currency.addressRegex);
  } catch {
    return null;
  }
  return pattern.test(value) ? null : `This is not a valid ${currency.name} address.`;
}
