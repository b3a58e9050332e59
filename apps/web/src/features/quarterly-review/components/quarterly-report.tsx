import { quarterLabel, ANALYTICS_PRODUCT_LABEL, WIDGET_FUNNEL_STEP_LABEL } from '@rampart/shared/analytics';
import { ArrowDownRightIcon, ArrowRightIcon, ArrowUpRightIcon, MinusIcon, SparklesIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { FigureCard } from '@/components/charts/figure-card';
import { ANIMATE, AXIS, axisMoney, CHART, CURSOR, GRID, pointTooltip } from '@/components/charts/chart-parts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { QuarterlyReview_BreakdownFragment, QuarterlyReview_ReportFragment } from '@/gql/graphql';
import { formatAmount, formatCalendarDate, formatCount, formatDateTime, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  describeChange,
  figureKind,
  formatFigure,
  formatMonth,
  labelOfBreakdown,
  labelOfReason,
  type ChangeWords,
} from '@/features/quarterly-review/lib/figures';

// Presentational: one QuarterlyReview, for the screen and for paper (the print stylesheet in print-styles.tsx).
// Colours come from the --chart-N tokens; every figure is also written out, so the printed text carries it.

type Review = QuarterlyReview_ReportFragment;

/** One section of the report: a <section> named by its heading, with an optional line under the heading. */
function ReportSection({ id, title, description, children }: { id: string; title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

const TONE: Record<ChangeWords['direction'], string> = {
  up: 'text-emerald-700 dark:text-emerald-400 print:text-emerald-700',
  down: 'text-red-700 dark:text-red-400 print:text-red-700',
  flat: 'text-muted-foreground',
  none: 'text-muted-foreground',
};
const ARROW = { up: ArrowUpRightIcon, down: ArrowDownRightIcon, flat: ArrowRightIcon, none: MinusIcon } as const;

/** "↗ Up 12.3% vs Q2 2026 · was $1,100.00": arrow, words, number and the compared value. */
function ChangeLine({ words }: { words: ChangeWords }) {
  const Icon = ARROW[words.direction];
  return (
    <p className="flex flex-wrap items-baseline gap-x-1 text-xs" aria-label={words.sentence}>
      <span className={cn('inline-flex items-center gap-0.5 font-medium', TONE[words.direction])}>
        <Icon className="size-3.5 self-center" aria-hidden />
        {words.headline}
      </span>{' '}
      <span className="text-muted-foreground">{words.context}</span>
    </p>
  );
}

export function HeadlineFigures({ review }: { review: Review }) {
  const c = review.currencyCode;
  return (
    <ReportSection
      id="review-headline"
      title="Headline figures"
      description={`${quarterLabel(review.quarter)} against the quarter before and the same quarter a year earlier.`}
    >
      <ul aria-label="Headline figures" className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4 print:grid-cols-4 print:gap-2">
        {review.headline.map((figure) => {
          const kind = figureKind(figure.name);
          const value = formatFigure(kind, figure.value, c);
          // A rate of a quarter without transactions (or widget sessions) is no figure to compare with.
          const basis = review.headline.find((other) => other.name === 'transactions');
          const against = (previous: string, change: number | null | undefined, quarter: string, basisValue: string | undefined) =>
            describeChange(kind, figure.value, previous, change, quarter, c, Number(basisValue ?? 1) > 0);
          return (
            <FigureCard key={figure.name} label={figure.label} className="gap-1.5 print:gap-1 print:py-2.5" padding="px-4 print:px-3">
              <div data-testid="headline-value" className="text-xl font-semibold tabular-nums break-words print:text-base">
                {value}
              </div>
              <ChangeLine words={against(figure.previousQuarter, figure.changeFromPreviousQuarter, review.previousQuarter, basis?.previousQuarter)} />
              <ChangeLine words={against(figure.yearAgo, figure.changeFromYearAgo, review.yearAgoQuarter, basis?.yearAgo)} />
            </FigureCard>
          );
        })}
      </ul>
    </ReportSection>
  );
}

export function NotableChanges({ review }: { review: Review }) {
  return (
    <ReportSection id="review-notable" title="Notable changes">
      <Card className="py-4">
        <CardContent className="px-4">
          {review.notableChanges.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nothing changed much: every figure stayed close to {quarterLabel(review.previousQuarter)} and {quarterLabel(review.yearAgoQuarter)}.
            </p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {review.notableChanges.map((sentence) => (
                <li key={sentence} className="flex gap-2">
                  <SparklesIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{sentence}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </ReportSection>
  );
}

function ProductCard({ product, review, color }: { product: Review['products'][number]; review: Review; color: string }) {
  const c = review.currencyCode;
  const id = useId();
  const title = ANALYTICS_PRODUCT_LABEL[product.product] ?? product.product;
  const months = product.months.map((month) => ({
    label: formatMonth(month.date),
    volume: Number(month.volume),
    amount: month.volume,
    count: month.transactionCount,
  }));
  const max = Math.max(0, ...months.map((month) => month.volume));
  const tooltip = pointTooltip<(typeof months)[number]>((row) => {
    return (
      <div className="rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
        <p className="mb-1 font-medium">{row.label}</p>
        <p>
          {formatAmount(row.amount, c)} · {formatCount(row.count)} transactions
        </p>
      </div>
    );
  });
  const previous = describeChange(
    'money',
    product.volume,
    product.previousQuarterVolume,
    changeOf(product.volume, product.previousQuarterVolume),
    review.previousQuarter,
    c,
  );
  const yearAgo = describeChange('money', product.volume, product.yearAgoVolume, changeOf(product.volume, product.yearAgoVolume), review.yearAgoQuarter, c);
  return (
    <li aria-label={title}>
      <Card className="h-full gap-3 py-4">
        <CardHeader className="px-4">
          <CardTitle id={id} className="text-sm">
            {title}
          </CardTitle>
          <p className="text-lg font-semibold tabular-nums">{formatAmount(product.volume, c)}</p>
          <p className="text-xs text-muted-foreground">
            {formatCount(product.transactionCount)} transactions · {formatPercent(product.completionRate)} completed
          </p>
          <ChangeLine words={previous} />
          <ChangeLine words={yearAgo} />
        </CardHeader>
        <CardContent role="figure" aria-labelledby={id} aria-describedby={`${id}-months`} className="h-36 px-2 print:h-28">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={months} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid {...GRID} />
              <XAxis dataKey="label" {...AXIS} />
              <YAxis {...AXIS} width={56} domain={[0, max > 0 ? 'auto' : 1]} tickFormatter={(value: number) => axisMoney(value, c)} />
              <Tooltip content={tooltip} cursor={CURSOR} />
              <Bar dataKey="volume" name="Volume" fill={color} radius={[3, 3, 0, 0]} maxBarSize={48} isAnimationActive={ANIMATE} />
            </BarChart>
          </ResponsiveContainer>
        </CardContent>
        <CardContent className="px-4">
          <dl id={`${id}-months`} className="grid grid-cols-3 gap-2 text-xs">
            {months.map((month) => (
              <div key={month.label} className="min-w-0">
                <dt className="text-muted-foreground">{month.label}</dt>
                <dd className="truncate font-medium tabular-nums" title={formatAmount(month.amount, c)}>
                  {formatAmount(month.amount, c)}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </li>
  );
}

/** Relative change of two decimal strings (display only); null when the compared value is zero. */
function changeOf(value: string, previous: string): number | null {
  const before = Number(previous);
  return before === 0 ? null : (Number(value) - before) / before;
}

export function ProductCharts({ review }: { review: Review }) {
  const products = review.products.filter((product) => product.product !== 'all');
  return (
    <ReportSection id="review-products" title="By product" description="Completed volume of each product by month.">
      {products.length === 0 ? (
        <p className="text-sm text-muted-foreground">No product had transactions in this quarter.</p>
      ) : (
        <ul aria-label="Products" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3 print:grid-cols-2">
          {products.map((product, index) => (
            <ProductCard key={product.product} product={product} review={review} color={CHART[index % CHART.length]!} />
          ))}
        </ul>
      )}
    </ReportSection>
  );
}

/** A card holding one table (its caption for screen readers, the head cells, the rows), or `empty` instead when there are no rows. */
function TableCard({ title, caption, head, empty, children }: { title: string; caption: ReactNode; head: ReactNode; empty: ReactNode; children: ReactNode }) {
  return (
    <Card className="min-w-0 gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-2">
        {empty ?? (
          <Table>
            <TableCaption className="sr-only">{caption}</TableCaption>
            <TableHeader>
              <TableRow>{head}</TableRow>
            </TableHeader>
            <TableBody>{children}</TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The change against the previous quarter, coloured by `tone` and read out as a sentence. */
function ChangeCell({ change, tone }: { change: ChangeWords; tone: string }) {
  return (
    <TableCell className={cn('py-1.5 text-right whitespace-nowrap tabular-nums', tone)} aria-label={change.sentence}>
      {change.headline}
    </TableCell>
  );
}

function TopTable({
  title,
  column,
  kind,
  rows,
  review,
}: {
  title: string;
  column: string;
  kind: 'asset' | 'country' | 'paymentMethod';
  rows: readonly QuarterlyReview_BreakdownFragment[];
  review: Review;
}) {
  const c = review.currencyCode;
  // Three columns, so three tables fit side by side: the share sits under the volume, as a bar under the name.
  return (
    <TableCard
      title={title}
      caption={`${title} in ${quarterLabel(review.quarter)}`}
      head={
        <>
          <TableHead>{column}</TableHead>
          <TableHead className="text-right">Volume, share</TableHead>
          <TableHead className="text-right">vs {quarterLabel(review.previousQuarter)}</TableHead>
        </>
      }
      empty={rows.length === 0 ? <p className="px-2 py-6 text-center text-sm text-muted-foreground">Nothing in this quarter.</p> : null}
    >
      {rows.slice(0, 5).map((row) => {
        const change = describeChange('money', row.volume, row.previousVolume, row.volumeChange, review.previousQuarter, c);
        const name = labelOfBreakdown(kind, row.value);
        return (
          <TableRow key={row.value}>
            <TableCell className="w-full max-w-0 py-1.5">
              <span className="block truncate" title={name}>
                {name}
              </span>
              <span className="mt-1 block h-1 rounded-full bg-muted" aria-hidden>
                <span className="block h-1 rounded-full bg-chart-1" style={{ width: `${Math.max(2, Math.round(row.share * 100))}%` }} />
              </span>
            </TableCell>
            <TableCell className="py-1.5 text-right whitespace-nowrap tabular-nums">
              <span className="block">{formatAmount(row.volume, c)}</span>
              <span className="block text-xs text-muted-foreground">{formatPercent(row.share)}</span>
            </TableCell>
            <ChangeCell change={change} tone={TONE[change.direction]} />
          </TableRow>
        );
      })}
    </TableCard>
  );
}

export function TopBreakdowns({ review }: { review: Review }) {
  return (
    <ReportSection id="review-top" title="Top assets, countries and payment methods" description="The five largest by completed volume.">
      <div className="grid gap-3 min-[1360px]:grid-cols-3 print:grid-cols-1">
        <TopTable title="Top assets" column="Asset" kind="asset" rows={review.topAssets} review={review} />
        <TopTable title="Top countries" column="Country" kind="country" rows={review.topCountries} review={review} />
        <TopTable title="Top payment methods" column="Payment method" kind="paymentMethod" rows={review.topPaymentMethods} review={review} />
      </div>
    </ReportSection>
  );
}

export function ConversionFunnel({ review }: { review: Review }) {
  const conversion = review.conversion;
  const opened = conversion.steps.find((step) => step.step === 'opened')?.count ?? 0;
  return (
    <Card className="min-w-0 gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-sm">Conversion funnel</CardTitle>
        <p className="text-xs text-muted-foreground">
          {formatPercent(conversion.conversionRate)} of widget sessions completed a transaction ({formatPercent(conversion.previousConversionRate)} in{' '}
          {quarterLabel(review.previousQuarter)}).
        </p>
      </CardHeader>
      <CardContent className="px-4">
        {!conversion.hasWidgetFunnel || opened === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">
            No widget sessions were recorded in this quarter. The funnel appears once customers open your widget.
          </p>
        ) : (
          <ol aria-label="Funnel steps" className="flex flex-col gap-2.5">
            {conversion.steps.map((step, index) => (
              <li key={step.step} className="flex flex-col gap-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
                  <span>{WIDGET_FUNNEL_STEP_LABEL[step.step] ?? step.step}</span>
                  <span className="tabular-nums">
                    <span className="font-medium">{formatCount(step.count)}</span>
                    <span className="text-muted-foreground">
                      {' '}
                      · {formatPercent(step.shareOfOpened)} of opened
                      {index > 0 && step.step !== 'failed' && step.dropFromPrevious > 0 ? ` · ${formatPercent(step.dropFromPrevious)} lost` : ''}
                    </span>
                  </span>
                </div>
                <div className="h-2 rounded-full bg-muted" aria-hidden>
                  <div
                    className="h-2 rounded-full"
                    style={{
                      width: `${Math.max(1, Math.round(step.shareOfOpened * 100))}%`,
                      background: step.step === 'failed' ? 'var(--destructive)' : CHART[index % CHART.length],
                    }}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

export function FailureReasons({ review }: { review: Review }) {
  const c = review.currencyCode;
  const reasons = review.failureReasons;
  return (
    <TableCard
      title="Failure reasons"
      caption={`Failure reasons in ${quarterLabel(review.quarter)}`}
      head={
        <>
          <TableHead>Reason</TableHead>
          <TableHead className="text-right">Failed</TableHead>
          <TableHead className="text-right">Share</TableHead>
          <TableHead className="text-right">vs {quarterLabel(review.previousQuarter)}</TableHead>
        </>
      }
      empty={reasons.length === 0 ? <p className="px-2 py-4 text-sm text-muted-foreground">No transaction failed in this quarter.</p> : null}
    >
      {reasons.slice(0, 8).map((reason) => {
        const change = describeChange('count', String(reason.count), String(reason.previousCount), reason.change, review.previousQuarter, c);
        // More failures is worse: the colours swap.
        const tone = change.direction === 'up' ? TONE.down : change.direction === 'down' ? TONE.up : TONE.flat;
        return (
          <TableRow key={reason.reason}>
            <TableCell className="max-w-44 py-1.5">
              <span className="block truncate" title={labelOfReason(reason.reason)}>
                {labelOfReason(reason.reason)}
              </span>
            </TableCell>
            <TableCell className="py-1.5 text-right tabular-nums" title={formatAmount(reason.volume, c)}>
              {formatCount(reason.count)}
            </TableCell>
            <TableCell className="py-1.5 text-right tabular-nums">{formatPercent(reason.share)}</TableCell>
            <ChangeCell change={change} tone={tone} />
          </TableRow>
        );
      })}
    </TableCard>
  );
}

/** The report's own header: on screen under the page title, on paper at the top of the first page. */
export function ReportHeader({ review }: { review: Review }) {
  return (
    <div className="flex flex-col gap-1 border-b pb-4">
      <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Rampart quarterly review</p>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-xl font-semibold tracking-tight" data-testid="review-title">
          {review.accountName} · {quarterLabel(review.quarter)}
        </p>
        {/* The printed review has no shell around it: it carries the label itself. */}
        {review.isDemo && <DemoDataBadge />}
      </div>
      <p className="text-sm text-muted-foreground">
        {formatCalendarDate(review.from)} – {formatCalendarDate(review.to)} (UTC days), amounts in {review.currencyCode.toUpperCase()}
        {review.liveMode ? ', live data' : ', test data'}
        {review.isDemo ? ' made up for the demo' : ''}. Generated {formatDateTime(review.generatedAt, { zone: true })}.
      </p>
    </div>
  );
}

/** Whether the quarter had no transaction at all: then the sections give way to one empty state. */
export function isEmptyReview(review: Review): boolean {
  const transactions = review.headline.find((figure) => figure.name === 'transactions');
  return transactions ? Number(transactions.value) === 0 : review.products.every((product) => product.transactionCount === 0);
}

export function QuarterlyReport({ review }: { review: Review }) {
  return (
    <>
      <HeadlineFigures review={review} />
      <NotableChanges review={review} />
      <ProductCharts review={review} />
      <TopBreakdowns review={review} />
      <ReportSection id="review-conversion" title="Conversion and failures">
        <div className="grid gap-3 lg:grid-cols-2 print:grid-cols-1">
          <ConversionFunnel review={review} />
          <FailureReasons review={review} />
        </div>
      </ReportSection>
      <p className="hidden text-xs text-muted-foreground print:block">
        {review.accountName} · {quarterLabel(review.quarter)} · {review.liveMode ? 'Live data' : 'Test data'} · Generated{' '}
        {formatDateTime(review.generatedAt, { zone: true })}
      </p>
    </>
  );
}
