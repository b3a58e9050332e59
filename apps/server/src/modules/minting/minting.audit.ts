// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, text } from '../../lib/audit-words.ts';

export const mintingAuditSentences: AuditSentences = {
  deployNftCollection: (c) => {
    const input = (c.input as Record<string, unknown> | undefined) ?? {};
    const name = text(input.name);
    const symbol = text(input.symbol);
    return `Deployed the NFT collection${name ? ` ${name}` : ''}${symbol ? ` (${symbol.toUpperCase()})` : ''}`;
  },
  mintNft: (c) => `Minted an NFT${text(c.toAddress) ? ` to ${text(c.toAddress)}` : ''}`,
  setAccountMintingEnabled: (c) => (c.isEnabled === false ? 'Turned minting off for the account' : 'Turned minting on for the account'),
};
