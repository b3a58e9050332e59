import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MintingCard } from '@/features/developers/components/minting-card';

describe('MintingCard with an embedding host', () => {
  it('names the host it frames and says the link is Rampart’s own signed one, claiming no HyperMint API', () => {
    const url = 'https://mint.partner.example/collections?accountId=a1&expires=1&signature=00';
    render(
      <MintingCard
        accountId="a1"
        chain={{} as never} // the chain is not read while a host is framed
        networkName="Ethereum"
        isMintingEnabled
        canMint
        canToggle={false}
        hyperMintUrl={url}
        onDeployed={() => {}}
      />,
    );
    expect(screen.getByTitle('Minting at mint.partner.example').getAttribute('src')).toBe(url);
    expect(screen.getByText('Served by mint.partner.example, opened with a link Rampart signs for this account; that host checks the signature.')).toBeTruthy();
    expect(screen.queryByText(/HyperMint/)).toBeNull();
  });
});
