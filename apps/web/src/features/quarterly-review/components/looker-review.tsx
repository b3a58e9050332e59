import { useQuery } from '@apollo/client/react';
import { QuarterlyReviewLookerQuery } from '@/features/quarterly-review/api/quarterly-review';

/**
 * The account's Looker dashboard for quarterly reviews, framed below the report when the server has one
 * (LOOKER_DASHBOARDS quarterlyReview); nothing otherwise. Each frame gets a freshly signed URL (no cache).
 */
export function LookerReview({ accountId }: { accountId: string }) {
  const { data } = useQuery(QuarterlyReviewLookerQuery, { variables: { accountId }, fetchPolicy: 'no-cache' });
  const url = data?.lookerEmbedUrl ?? null;
  if (!url) return null;
  return (
    <section data-print="hide" aria-labelledby="looker-review-heading" className="flex flex-col gap-2">
      <h2 id="looker-review-heading" className="text-lg font-semibold">
        Looker dashboard
      </h2>
      <p className="text-sm text-muted-foreground">
        Your organization’s Looker dashboard for quarterly reviews. Its dates and filters are set in Looker, not by the quarter chosen above, and it is not part
        of the PDF.
      </p>
      <iframe title="Looker: Quarterly review" src={url} className="h-[70vh] min-h-96 w-full rounded-xl border bg-card" />
    </section>
  );
}
