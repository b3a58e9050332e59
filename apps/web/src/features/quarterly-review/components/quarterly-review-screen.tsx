import { useQuery, useReactiveVar } from '@apollo/client/react';
import { FiguresSkeleton } from '@/components/charts/figure-card';
import { isQuarter, quarterLabel, quarterOf, quarterRange, shiftQuarter } from '@rampart/shared/analytics';
import { CalendarRangeIcon, PrinterIcon } from 'lucide-react';

import { useSearchParams } from 'react-router';
import { Forbidden } from '@/components/forbidden';
import { PageLayout } from '@/components/layouts/page-layout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CurrencyToggle } from '@/components/currency-toggle';
import { ReportSelect } from '@/components/report-controls';
import { useViewer } from '@/hooks/use-permission';
import { formatCalendarDate } from '@/lib/format';
import { errorCode, graphQLErrorsOf } from '@/lib/graphql-errors';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import { isStaff, viewerHasAccountPermission } from '@/lib/permissions';
import { QuarterlyReviewQuery, QuarterlyReviewViewerQuery } from '@/features/quarterly-review/api/quarterly-review';
import { ReviewPrintStyles } from '@/features/quarterly-review/components/print-styles';
import { isEmptyReview, QuarterlyReport, ReportHeader } from '@/features/quarterly-review/components/quarterly-report';
import { LookerReview } from '@/features/quarterly-review/components/looker-review';
import { parseReviewParams, REVIEW_CURRENCIES, reviewSearchParams, todayUtc, type ReviewParams } from '@/features/quarterly-review/lib/search-params';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';
import { ChartEmptyState } from '@/components/chart-empty-state';

const NO_ACCESS = 'Quarterly reviews are open to the account’s administrators and analysts. Ask an administrator of the account for access.';

/** What an empty quarter (or a new account without an ended quarter) shows instead of empty sections. */
function EmptyReview(props: { title: string; description: string; note?: string }) {
  return <ChartEmptyState {...props} icon={CalendarRangeIcon} label="No data for this quarter" heading="h2" />;
}

function ReviewControls({
  state,
  quarter,
  quarters,
  currency,
  onChange,
  canPrint,
}: {
  state: ReviewParams;
  quarter: string;
  quarters: readonly string[];
  currency: string;
  onChange: (next: ReviewParams) => void;
  canPrint: boolean;
}) {
  // The shown quarter stays choosable even when the list does not hold it (an account created later).
  const options = quarters.includes(quarter) || !isQuarter(quarter) ? quarters : [quarter, ...quarters];
  return (
    <div data-print="hide" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <ReportSelect
          id="review-quarter"
          label="Quarter"
          value={quarter}
          options={options}
          labelOf={quarterLabel}
          onChange={(value) => onChange({ ...state, quarter: value })}
          disabled={options.length === 0}
          triggerClassName="w-36"
          contentClassName="max-h-80"
          placeholder="No quarter yet"
        />
        <CurrencyToggle currencies={REVIEW_CURRENCIES} value={currency} onChange={(code) => onChange({ ...state, currency: code })} />
        <div className="flex flex-col items-start gap-1 sm:ml-auto sm:items-end">
          <Button size="sm" onClick={() => window.print()} disabled={!canPrint}>
            <PrinterIcon aria-hidden /> Download PDF
          </Button>
          <p className="text-xs text-muted-foreground">Opens the print dialog: choose “Save as PDF”.</p>
        </div>
      </div>
    </div>
  );
}

/**
 * /quarterly-review — the report of an ended quarter for the selected account, or (staff, ?accountId=) any account.
 * Quarter and currency live in the URL; test or live mode comes from the shell's switch.
 */
export function QuarterlyReviewScreen() {
  const selectedAccountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const state = parseReviewParams(params, today);
  const accountId = state.accountId ?? selectedAccountId;
  const otherAccount = state.accountId !== null && state.accountId !== selectedAccountId;
  // Another account than the selected one: staff need the staff equivalent; a partner's role there is the server's call.
  const allowed = otherAccount
    ? !isStaff(viewer) || viewerHasAccountPermission({ role: null, adminRole: viewer.adminRole }, 'analytics:read')
    : viewerHasAccountPermission(viewer, 'analytics:read');

  const me = useQuery(QuarterlyReviewViewerQuery, { skip: !allowed || state.currency !== null });
  const currency = state.currency ?? me.data?.me?.preferredCurrencyCode ?? null;
  const waitingForCurrency = state.currency === null && me.loading;
  const { data, previousData, loading, error, refetch } = useQuery(QuarterlyReviewQuery, {
    variables: { accountId: accountId ?? '', liveMode: !testMode, quarter: state.quarter, currencyCode: currency ?? 'usd' },
    skip: !accountId || !allowed || waitingForCurrency,
  });
  const review = (data ?? previousData)?.quarterlyReview ?? null;
  const refused = graphQLErrorsOf(error).some((e) => errorCode(e) === 'FORBIDDEN_ERROR');

  useDocumentTitle(review ? `Quarterly review ${quarterLabel(review.quarter)} · ${review.accountName} · Rampart` : 'Quarterly review · Rampart');

  if (!allowed || refused) return <Forbidden reason={NO_ACCESS} />;

  const quarter = review?.quarter ?? state.quarter ?? shiftQuarter(quarterOf(today), -1);
  const nextQuarter = shiftQuarter(quarterOf(today), 1);

  return (
    <PageLayout data-review="" aria-busy={loading}>
      <ReviewPrintStyles />
      <div data-print="hide" className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Quarterly review</h1>
          {otherAccount && review ? <Badge variant="secondary">Staff view of {review.accountName}</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">
          How the quarter went against the one before and the same quarter a year earlier, ready to print or save as PDF.
        </p>
      </div>
      <ReviewControls
        state={state}
        quarter={quarter}
        quarters={review?.availableQuarters ?? []}
        currency={review?.currencyCode ?? currency ?? 'usd'}
        onChange={(next) => setParams(reviewSearchParams(next))}
        canPrint={review !== null}
      />
      {error ? <QueryErrorAlert title="Could not load the quarterly review" error={error} onRetry={refetch} /> : null}
      {review ? (
        <>
          <ReportHeader review={review} />
          {review.availableQuarters.length === 0 ? (
            <EmptyReview
              title="No quarter has ended yet"
              description={`The first review covers a whole quarter since the account was created: ${quarterLabel(quarterOf(today))} appears here on ${formatCalendarDate(quarterRange(nextQuarter).from)}, with headline figures, charts per product and notable changes.`}
            />
          ) : isEmptyReview(review) ? (
            <EmptyReview
              title={`No transactions in ${quarterLabel(review.quarter)}`}
              // The server's sentence says how the quarter before went, when it had any.
              note={review.notableChanges.find((sentence) => /, after /.test(sentence))}
              description={`Headline figures, charts per product, top assets, countries and payment methods, the conversion funnel and notable changes appear here for a quarter in which your customers transacted${review.liveMode ? '' : ' (in test mode, your test transactions)'}. A quarter's review is ready the day after it ends; choose another quarter above.`}
            />
          ) : (
            <QuarterlyReport review={review} />
          )}
          {accountId ? <LookerReview accountId={accountId} /> : null}
        </>
      ) : loading || waitingForCurrency || !accountId ? (
        <FiguresSkeleton figures={8} className="lg:grid-cols-4" figureClassName="h-28" />
      ) : null}
    </PageLayout>
  );
}
