import { DownloadIcon, ImageDownIcon } from 'lucide-react';
import { useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ChartDataTable, ChartTableToggle } from '@/components/charts/chart-data-table';
import { downloadCsv, fileNameOf } from '@/features/analytics/lib/csv';
import { downloadSvgAsPng } from '@/features/analytics/lib/png';
import { cn } from '@/lib/utils';

/** A chart's rows: `rows` as the table shows them, `raw` the same rows for the CSV (decimal strings as the API sent them). */
export interface ChartTable {
  columns: string[];
  rows: string[][];
  raw: string[][];
}

/** A chart with its table view, CSV of the same rows and a PNG of the drawing. */
export function ChartCard({
  title,
  description,
  className,
  table,
  bodyClassName = 'h-64',
  bodyStyle,
  children,
}: {
  title: string;
  description?: ReactNode;
  className?: string;
  table: ChartTable;
  bodyClassName?: string;
  bodyStyle?: CSSProperties;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const figure = useRef<HTMLDivElement>(null);
  const svgOf = () => {
    const root = figure.current;
    // The drawing itself (Recharts' surface or the map), not a legend icon.
    return root?.querySelector<SVGSVGElement>('svg.recharts-surface:not(.recharts-legend-item svg), svg[data-chart]') ?? null;
  };

  return (
    <Card data-slot="card" className={cn('min-w-0 gap-3 py-4', className)} aria-labelledby={id} role="region">
      <CardHeader className="flex flex-row flex-wrap items-center gap-x-2 gap-y-1 px-4">
        <div className="flex min-w-[min(100%,14rem)] flex-1 flex-col gap-0.5">
          <CardTitle id={id} className="text-sm">
            {title}
          </CardTitle>
          {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
        </div>
        <div className="-my-1 flex flex-wrap items-center gap-0.5">
          <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((value) => !value)} />
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs text-muted-foreground"
            aria-label={`Download CSV of ${title}`}
            onClick={() => downloadCsv(table.columns, table.raw, fileNameOf(title, 'csv'))}
          >
            <DownloadIcon aria-hidden /> CSV
          </Button>
          {!asTable ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-muted-foreground"
              aria-label={`Download PNG of ${title}`}
              onClick={() => {
                const svg = svgOf();
                setProblem(null);
                if (!svg) {
                  setProblem('There is no chart to save yet.');
                  return;
                }
                downloadSvgAsPng(svg, fileNameOf(title, 'png')).catch((error: unknown) =>
                  setProblem(error instanceof Error ? error.message : 'The chart could not be saved.'),
                );
              }}
            >
              <ImageDownIcon aria-hidden /> PNG
            </Button>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="w-full text-xs text-destructive">
            {problem}
          </p>
        ) : null}
      </CardHeader>
      {asTable ? (
        <CardContent className="max-h-80 overflow-auto px-2">
          <ChartDataTable data-testid="chart-table" title={title} columns={table.columns} rows={table.rows} emptyMessage="No rows in this range." />
        </CardContent>
      ) : (
        <CardContent ref={figure} role="figure" aria-labelledby={id} className={cn('px-2', bodyClassName)} style={bodyStyle}>
          {children}
        </CardContent>
      )}
    </Card>
  );
}

/** A chart with nothing to draw: says so in the chart's place. */
export function NothingToChart({ children = 'Nothing in this range.' }: { children?: ReactNode }) {
  return <p className="flex h-full items-center justify-center px-4 text-center text-sm text-muted-foreground">{children}</p>;
}
