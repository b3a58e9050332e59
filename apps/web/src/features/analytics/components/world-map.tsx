import { geoEqualEarth, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useMemo, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { formatAmount, formatCountry, formatCount } from '@/lib/format';
import { ALPHA2_OF_NUMERIC } from '@/features/analytics/lib/world-ids';
import { formatShare } from '@/features/analytics/lib/figures';

// The choropleth, in its own chunk (the atlas is ~100 kB): volume share by customer country, a stronger colour for more.

type CountryProps = { name: string };
const WIDTH = 800;

const world = feature(countries110m as unknown as Topology, (countries110m as unknown as Topology).objects['countries'] as GeometryCollection<CountryProps>);
// Antarctica has no customers and would take a fifth of the height.
const land: FeatureCollection<Geometry, CountryProps> = {
  type: 'FeatureCollection',
  features: world.features.filter((shape) => shape.properties.name !== 'Antarctica'),
};
const projection = geoEqualEarth().fitWidth(WIDTH, land);
const path = geoPath(projection);
const HEIGHT = Math.ceil(path.bounds(land)[1][1]) + 2;
const shapes = land.features.map((shape: Feature<Geometry, CountryProps>) => ({
  code:
    shape.id !== undefined
      ? (ALPHA2_OF_NUMERIC.get(String(shape.id)) ?? (shape.properties.name === 'Kosovo' ? 'XK' : null))
      : shape.properties.name === 'Kosovo'
        ? 'XK'
        : null,
  name: shape.properties.name,
  d: path(shape) ?? '',
}));

export interface MapRow {
  value: string;
  volume: string;
  share: number;
  transactionCount: number;
}

export default function WorldMap({ rows, currency }: { rows: MapRow[]; currency: string }) {
  const byCode = useMemo(() => new Map(rows.map((row) => [row.value.toUpperCase(), row])), [rows]);
  const top = Math.max(0, ...rows.filter((row) => row.value !== 'unknown').map((row) => row.share));
  const [hover, setHover] = useState<{ name: string; row: MapRow | undefined } | null>(null);
  return (
    <div className="relative h-full w-full">
      <svg
        data-chart="world-map"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="block h-auto w-full"
        role="img"
        aria-label="World map of volume by customer country"
      >
        {shapes.map((shape, index) => {
          const row = shape.code ? byCode.get(shape.code) : undefined;
          // A square root scale, so a country with a small share still shows.
          const strength = row && top > 0 ? Math.sqrt(row.share / top) : 0;
          return (
            <path
              key={`${shape.code ?? shape.name}-${index}`}
              d={shape.d}
              data-country={shape.code ?? undefined}
              fill={row ? 'var(--chart-1)' : 'var(--muted)'}
              fillOpacity={row ? 0.2 + strength * 0.8 : 1}
              stroke="var(--card)"
              strokeWidth={0.5}
              onMouseEnter={() => setHover({ name: shape.code ? formatCountry(shape.code) : shape.name, row })}
              onMouseLeave={() => setHover(null)}
            >
              <title>{`${shape.code ? formatCountry(shape.code) : shape.name}: ${row ? formatAmount(row.volume, currency) : 'no transactions'}`}</title>
            </path>
          );
        })}
      </svg>
      {hover ? (
        <div className="pointer-events-none absolute top-2 left-2 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
          <p className="font-medium">{hover.name}</p>
          {hover.row ? (
            <p className="text-muted-foreground">
              {formatAmount(hover.row.volume, currency)} · {formatShare(hover.row.share)} · {formatCount(hover.row.transactionCount)} transactions
            </p>
          ) : (
            <p className="text-muted-foreground">No transactions</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
