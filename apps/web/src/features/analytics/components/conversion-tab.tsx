import { WIDGET_FUNNEL_STEP_LABEL, type WidgetFunnelStep } from '@rampart/shared/analytics';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics_ConversionQuery } from '@/gql/graphql';
import { formatCount, formatPercent } from '@/lib/format';
import { ChartCard } from '@/features/analytics/components/chart-card';
import { ANIMATE, AXIS, CHART, countAxis, CURSOR, GRID, linesTooltip } from '@/components/charts/chart-parts';
import { EmptyState, KpiCards } from '@/features/analytics/components/chart-parts';
import { bucketLabel } from '@/features/analytics/components/volume-tab';
import { formatShare, niceTicks, rawRatio } from '@/features/analytics/lib/figures';

type Data = Analytics_ConversionQuery['analytics'];

const change = (now: number, before: number) => (before > 0 ? now / before - 1 : null);
const SERIES = [
  ['opened', 'Widget opened'],
  ['quoted', 'Quote shown'],
  ['paymentStarted', 'Payment started'],
  ['completed', 'Completed'],
  ['failed', 'Failed'],
] as const;

export function ConversionTab({ data, testMode }: { data: Data; testMode: boolean }) {
  const conversion = data.conversion;
  const compared = data.comparison !== 'none';
  if (!conversion.hasWidgetFunnel) {
    return (
      <EmptyState
        title="No widget funnel for this product"
        description="Deposits and withdrawals do not go through the widget. Choose all products, on-ramp, off-ramp or swaps to see how many widget sessions get a quote, start a payment and complete."
      />
    );
  }
  const opened = conversion.steps.find((step) => step.step === 'opened')?.count ?? 0;
  if (opened === 0 && conversion.steps.every((step) => step.count === 0)) {
    return (
      <EmptyState
        title="No widget sessions in this range"
        description={`The funnel (widget opened → quote shown → payment started → completed or failed) appears here once customers open your widget. ${testMode ? 'Open the widget from the Integrate screen to record a test session.' : 'Switch on test mode and open the widget from the Integrate screen to try it first.'}`}
      />
    );
  }
  const count = (step: WidgetFunnelStep) => conversion.steps.find((row) => row.step === step);
  const steps = conversion.steps.map((row) => ({
    ...row,
    name: WIDGET_FUNNEL_STEP_LABEL[row.step] ?? row.step,
    // The bar's label: its share of opened, and the drop since the step before where there is one.
    labelText:
      row.step === 'opened' || row.step === 'failed'
        ? formatShare(row.shareOfOpened)
        : `${formatShare(row.shareOfOpened)} (−${formatPercent(row.dropFromPrevious)})`,
  }));
  const series = conversion.series.map((point) => ({ ...point, label: bucketLabel(point.date, data.bucket) }));
  const seriesTicks = niceTicks(Math.max(0, ...series.map((point) => point.opened)), true);

  return (
    <div className="flex flex-col gap-4">
      <KpiCards
        compared={compared}
        kpis={[
          {
            label: 'Conversion rate',
            value: formatPercent(conversion.conversionRate),
            change: change(conversion.conversionRate, conversion.previousConversionRate),
          },
          {
            label: 'Widget opened',
            value: formatCount(count('opened')?.count ?? 0),
            change: change(count('opened')?.count ?? 0, count('opened')?.previousCount ?? 0),
          },
          {
            label: 'Completed',
            value: formatCount(count('completed')?.count ?? 0),
            change: change(count('completed')?.count ?? 0, count('completed')?.previousCount ?? 0),
          },
          {
            label: 'Failed',
            value: formatCount(count('failed')?.count ?? 0),
            change: change(count('failed')?.count ?? 0, count('failed')?.previousCount ?? 0),
            inverse: true,
          },
        ]}
      />
      <ChartCard
        title="Widget funnel"
        description="Each step's share of widget sessions opened; in brackets, the share lost since the step before."
        table={{
          columns: ['Step', 'Count', 'Share of opened', 'Drop from previous step', ...(compared ? ['Compared count'] : [])],
          rows: steps.map((row) => [
            row.name,
            formatCount(row.count),
            formatShare(row.shareOfOpened),
            row.step === 'opened' || row.step === 'failed' ? '—' : formatPercent(row.dropFromPrevious),
            ...(compared ? [formatCount(row.previousCount)] : []),
          ]),
          raw: steps.map((row) => [
            row.name,
            String(row.count),
            rawRatio(row.shareOfOpened),
            rawRatio(row.dropFromPrevious),
            ...(compared ? [String(row.previousCount)] : []),
          ]),
        }}
        bodyClassName="h-72"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart layout="vertical" data={steps} margin={{ left: 4, right: 96 }}>
            <XAxis type="number" hide domain={[0, 'dataMax']} />
            <YAxis type="category" dataKey="name" width={112} {...AXIS} />
            <Tooltip
              cursor={CURSOR}
              content={linesTooltip<(typeof steps)[number]>(
                (row) => row.name,
                (row) => [
                  { label: 'Count', value: formatCount(row.count) },
                  { label: 'Share of opened', value: formatShare(row.shareOfOpened) },
                  ...(row.step === 'opened' || row.step === 'failed' ? [] : [{ label: 'Drop from previous', value: formatPercent(row.dropFromPrevious) }]),
                ],
              )}
            />
            <Bar dataKey="count" radius={[0, 4, 4, 0]} isAnimationActive={ANIMATE} maxBarSize={32}>
              {steps.map((row, index) => (
                <Cell key={row.step} fill={row.step === 'failed' ? 'var(--destructive)' : CHART[index % CHART.length]} />
              ))}
              <LabelList dataKey="labelText" position="right" fontSize={11} fill="var(--muted-foreground)" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title={`Funnel by ${data.bucket}`}
        table={{
          columns: [data.bucket === 'month' ? 'Month' : 'Day', ...SERIES.map(([, label]) => label), 'Conversion'],
          rows: series.map((point) => [
            point.label,
            ...SERIES.map(([key]) => formatCount(point[key])),
            point.opened ? formatPercent(point.completed / point.opened) : '—',
          ]),
          raw: conversion.series.map((point) => [
            point.date,
            ...SERIES.map(([key]) => String(point[key])),
            point.opened ? rawRatio(point.completed / point.opened) : '',
          ]),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={series} margin={{ left: 4, right: 8, top: 8 }}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="label" {...AXIS} minTickGap={24} />
            <YAxis {...countAxis(seriesTicks)} />
            <Tooltip
              cursor={{ stroke: 'var(--border)' }}
              content={linesTooltip<(typeof series)[number]>(
                (point) => point.label,
                (point) =>
                  SERIES.map(([key, label], index) => ({
                    label,
                    value: formatCount(point[key]),
                    color: key === 'failed' ? 'var(--destructive)' : CHART[index],
                  })),
              )}
            />
            <Legend itemSorter={() => 0} iconSize={8} iconType="plainline" wrapperStyle={{ fontSize: 11 }} />
            {SERIES.map(([key, label], index) => (
              <Line
                key={key}
                isAnimationActive={ANIMATE}
                dataKey={key}
                name={label}
                type="monotone"
                stroke={key === 'failed' ? 'var(--destructive)' : CHART[index]}
                strokeWidth={2}
                dot={series.length < 3 ? { r: 3 } : false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
