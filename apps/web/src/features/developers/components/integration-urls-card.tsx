import { useQuery } from '@apollo/client/react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { IntegrationUrlsQuery } from '@/features/developers/api/keys';
import { CopyButton } from '@/components/copy-button';
import { ValueBox } from '@/features/developers/components/developers-frame';

const PRODUCTS = [
  { key: 'onRamp', label: 'On-ramp (buy)' },
  { key: 'offRamp', label: 'Off-ramp (sell)' },
  { key: 'swaps', label: 'Swaps' },
  { key: 'nftCheckout', label: 'NFT checkout' },
] as const;

/** The widget URL of each product with this mode's publishable key. */
export function IntegrationUrlsCard({ accountId, liveMode }: { accountId: string; liveMode: boolean }) {
  const { data, loading } = useQuery(IntegrationUrlsQuery, { variables: { accountId, liveMode } });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Integration URLs</CardTitle>
        <CardDescription>
          Open these widget URLs from your site or app; add query parameters such as currencyCode and walletAddress, then sign the URL.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {PRODUCTS.map((product) => (
          <div key={product.key} className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:items-center sm:gap-3">
            <span className="text-sm font-medium">{product.label}</span>
            {loading || !data ? (
              <Skeleton className="h-9 w-full" />
            ) : (
              <ValueBox value={data[product.key]} label={`${product.label} URL`}>
                <CopyButton value={data[product.key]} label={`Copy ${product.label} URL`} />
              </ValueBox>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
