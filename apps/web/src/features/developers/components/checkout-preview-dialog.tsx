import { EyeIcon, ExternalLinkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';

/**
 * A collection's NFT checkout as buyers see it, framed from the dashboard (the widget lets its own origin frame it);
 * preview=1 keeps the partner's look out of the checkout's funnel figures.
 */
export function CheckoutPreviewDialog({ name, url }: { name: string; url: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" aria-label={`Preview the checkout of ${name}`}>
          <EyeIcon aria-hidden /> Preview
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-[520px]">
        <DialogHeader>
          <DialogTitle>Checkout of {name}</DialogTitle>
          <DialogDescription>
            The NFT checkout in test mode: pay with test card 4242 4242 4242 4242 and the token is delivered on the chain.{' '}
            <a href={url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-medium underline underline-offset-2">
              Open in a new tab <ExternalLinkIcon aria-hidden className="size-3.5" />
            </a>
          </DialogDescription>
        </DialogHeader>
        <iframe title={`NFT checkout of ${name}`} src={`${url}&preview=1`} className="h-[640px] max-h-[70vh] w-full rounded-lg border" />
      </DialogContent>
    </Dialog>
  );
}
