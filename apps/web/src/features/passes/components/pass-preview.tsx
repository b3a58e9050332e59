import type { PassField, PassFields } from '@rampart/shared/passes';
import { useMemo } from 'react';
import { labelOfBarcodeFormat } from '@/features/passes/lib/labels';
import { cssColor, fillPlaceholders, SAMPLE_VALUES } from '@/features/passes/lib/passes';
import { cn } from '@/lib/utils';

// Live previews of a pass as Apple Wallet and Google Wallet show it: drawn from the template draft (or a pass's
// rendered fields), so they follow every keystroke. An approximation of the wallets' layouts, not a screenshot.

export interface PreviewTemplate {
  style: string;
  organizationName: string;
  description: string;
  logoText?: string | null;
  colors: { background: string; foreground: string; label: string };
  fields: PassFields;
  barcodeFormat: string;
}

export interface PreviewImages {
  logo?: string | null;
  icon?: string | null;
  strip?: string | null;
}

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 16777619) >>> 0;
  return value;
}

/** A barcode-looking drawing of the message (not scannable): squares for QR and Aztec, bars for the others. */
export function BarcodeGlyph({ format, message, className }: { format: string; message: string; className?: string }) {
  const cells = useMemo(() => {
    const random = { seed: hash(`${format}:${message}`) };
    const next = () => {
      random.seed = (Math.imul(random.seed, 1664525) + 1013904223) >>> 0;
      return random.seed / 2 ** 32;
    };
    return Array.from({ length: 21 * 21 }, () => next() > 0.5);
  }, [format, message]);
  const square = format === 'QR' || format === 'AZTEC';
  if (square) {
    const finder = (x: number, y: number) => (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13);
    return (
      <svg
        viewBox="0 0 21 21"
        className={cn('size-24', className)}
        role="img"
        aria-label={`${labelOfBarcodeFormat(format)}: ${message}`}
        shapeRendering="crispEdges"
      >
        <rect width="21" height="21" fill="#fff" />
        {cells.map((on, index) => {
          const x = index % 21;
          const y = Math.floor(index / 21);
          if (format === 'QR' && finder(x, y)) {
            const fx = x > 13 ? x - 14 : x;
            const fy = y > 13 ? y - 14 : y;
            const ring = fx === 0 || fx === 6 || fy === 0 || fy === 6 || (fx >= 2 && fx <= 4 && fy >= 2 && fy <= 4);
            return ring ? <rect key={index} x={x} y={y} width="1" height="1" fill="#000" /> : null;
          }
          if (format === 'AZTEC') {
            const d = Math.max(Math.abs(x - 10), Math.abs(y - 10));
            if (d <= 5) return d % 2 === 1 || d === 0 ? <rect key={index} x={x} y={y} width="1" height="1" fill="#000" /> : null;
          }
          return on ? <rect key={index} x={x} y={y} width="1" height="1" fill="#000" /> : null;
        })}
      </svg>
    );
  }
  const bars = cells.slice(0, format === 'PDF417' ? 90 : 60);
  return (
    <svg
      viewBox={`0 0 ${bars.length} 20`}
      className={cn('h-12 w-44', className)}
      preserveAspectRatio="none"
      role="img"
      aria-label={`${labelOfBarcodeFormat(format)}: ${message}`}
      shapeRendering="crispEdges"
    >
      <rect width={bars.length} height="20" fill="#fff" />
      {bars.map((on, index) => (on ? <rect key={index} x={index} y={format === 'PDF417' ? (index % 3) * 0 : 0} width="1" height="20" fill="#000" /> : null))}
    </svg>
  );
}

function FieldBlock({
  field,
  values,
  labelColor,
  align = 'left',
  large = false,
}: {
  field: PassField;
  values?: Record<string, string>;
  labelColor: string;
  align?: 'left' | 'right';
  large?: boolean;
}) {
  return (
    <div className={cn('min-w-0', align === 'right' && 'text-right')}>
      <p className="truncate text-[10px] font-semibold tracking-wide uppercase" style={{ color: labelColor }}>
        {field.label || ' '}
      </p>
      <p className={cn('truncate', large ? 'text-2xl font-light' : 'text-sm')}>{values ? fillPlaceholders(field.value, values) || ' ' : field.value || ' '}</p>
    </div>
  );
}

/** A row of fields side by side, the last one right-aligned as Wallet lays it out; nothing when there are none. */
function FieldRow({ fields, values, labelColor }: { fields: readonly PassField[]; values?: Record<string, string>; labelColor: string }) {
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-2 px-4 pt-2" style={{ gridTemplateColumns: `repeat(${fields.length}, minmax(0, 1fr))` }}>
      {fields.map((field, index) => (
        <FieldBlock key={field.key} field={field} values={values} labelColor={labelColor} align={index > 0 && index === fields.length - 1 ? 'right' : 'left'} />
      ))}
    </div>
  );
}

/** The barcode under a pass with its message; `frameClassName` draws its white frame as each wallet does. */
function Barcode({ format, message, frameClassName }: { format: string; message: string; frameClassName: string }) {
  return (
    <div className="flex flex-col items-center gap-1 px-4 pt-5 pb-4">
      <div className={frameClassName}>
        <BarcodeGlyph format={format} message={message} />
      </div>
      <p className="text-[10px] opacity-80">{message}</p>
    </div>
  );
}

/** The band across a pass that is no longer valid, in the wallet's own word. */
function VoidBand({ children }: { children: string }) {
  return (
    <div className="absolute inset-x-0 top-1/2 -rotate-12 bg-red-600/90 py-1 text-center text-sm font-bold tracking-widest text-white uppercase">
      {children}
    </div>
  );
}

/** What both wallets' previews draw: the template, its images, sample or real field values, and the barcode. */
interface PassPreviewProps {
  template: PreviewTemplate;
  images?: PreviewImages;
  values?: Record<string, string>;
  barcodeMessage?: string;
  voided?: boolean;
}

/** The front of an Apple Wallet pass. */
export function ApplePassPreview({ template, images, values = SAMPLE_VALUES, barcodeMessage = 'PS-7Q4M-2K9X', voided = false }: PassPreviewProps) {
  const background = cssColor(template.colors.background, '#1e293b');
  const foreground = cssColor(template.colors.foreground, '#ffffff');
  const label = cssColor(template.colors.label, '#94a3b8');
  const { headerFields, primaryFields, secondaryFields, auxiliaryFields } = template.fields;
  const stripStyles = template.style === 'storeCard' || template.style === 'coupon' || template.style === 'eventTicket';
  return (
    <figure className="flex flex-col items-center gap-2" data-testid="apple-preview">
      <div className="relative w-full max-w-[320px] overflow-hidden rounded-2xl shadow-lg ring-1 ring-black/10" style={{ background, color: foreground }}>
        {template.style === 'eventTicket' && <div className="absolute top-[104px] -left-3 size-6 rounded-full bg-background" aria-hidden />}
        {template.style === 'eventTicket' && <div className="absolute top-[104px] -right-3 size-6 rounded-full bg-background" aria-hidden />}
        <div className="flex items-center gap-2 px-4 pt-3 pb-2">
          {images?.logo ? (
            <img src={images.logo} alt="" className="h-7 max-w-24 object-contain" />
          ) : (
            <span
              className="flex size-7 items-center justify-center rounded-md text-xs font-bold"
              style={{ background: foreground, color: background }}
              aria-hidden
            >
              {(template.logoText || template.organizationName || '?').slice(0, 1)}
            </span>
          )}
          <span className="min-w-0 flex-1 truncate text-sm font-semibold" data-testid="apple-logo-text">
            {template.logoText}
          </span>
          <div className="flex gap-3">
            {headerFields.map((field) => (
              <FieldBlock key={field.key} field={field} values={values} labelColor={label} align="right" />
            ))}
          </div>
        </div>
        {stripStyles && images?.strip ? (
          <div className="relative h-24">
            <img src={images.strip} alt="" className="absolute inset-0 size-full object-cover" />
            <div className="relative px-4 pt-4">
              {primaryFields.map((field) => (
                <FieldBlock key={field.key} field={field} values={values} labelColor={label} large />
              ))}
            </div>
          </div>
        ) : (
          <div className="flex items-end justify-between gap-2 px-4 py-3">
            <div className="min-w-0 flex-1" data-testid="apple-primary">
              {primaryFields.map((field) => (
                <FieldBlock key={field.key} field={field} values={values} labelColor={label} large />
              ))}
            </div>
            {template.style === 'generic' && images?.icon && <img src={images.icon} alt="" className="size-14 rounded-md object-cover" />}
          </div>
        )}
        <FieldRow fields={secondaryFields} values={values} labelColor={label} />
        <FieldRow fields={auxiliaryFields} values={values} labelColor={label} />
        <Barcode format={template.barcodeFormat} message={barcodeMessage} frameClassName="rounded-md bg-white p-2" />
        {voided && <VoidBand>Void</VoidBand>}
      </div>
      <figcaption className="text-xs text-muted-foreground">Apple Wallet</figcaption>
    </figure>
  );
}

/** A Google Wallet generic pass. */
export function GooglePassPreview({ template, images, values = SAMPLE_VALUES, barcodeMessage = 'PS-7Q4M-2K9X', voided = false }: PassPreviewProps) {
  const background = cssColor(template.colors.background, '#1e293b');
  const foreground = cssColor(template.colors.foreground, '#ffffff');
  const { headerFields, primaryFields, secondaryFields, auxiliaryFields } = template.fields;
  const primary = primaryFields[0];
  const rows = [...secondaryFields, ...auxiliaryFields];
  const fill = (text: string) => fillPlaceholders(text, values);
  return (
    <figure className="flex flex-col items-center gap-2" data-testid="google-preview">
      <div className="relative w-full max-w-[320px] overflow-hidden rounded-3xl shadow-lg ring-1 ring-black/10" style={{ background, color: foreground }}>
        <div className="flex items-center gap-2 px-4 pt-4">
          {images?.logo || images?.icon ? (
            <img src={images.logo ?? images.icon ?? ''} alt="" className="size-8 rounded-full bg-white object-contain" />
          ) : (
            <span
              className="flex size-8 items-center justify-center rounded-full text-xs font-bold"
              style={{ background: foreground, color: background }}
              aria-hidden
            >
              {(template.organizationName || '?').slice(0, 1)}
            </span>
          )}
          <span className="min-w-0 truncate text-sm" data-testid="google-issuer">
            {template.organizationName}
          </span>
        </div>
        <div className="border-b border-current/20 px-4 pt-3 pb-3">
          <p className="truncate text-sm opacity-80">{headerFields[0] ? fill(headerFields[0].value) : template.description}</p>
          <p className="truncate text-xl font-medium" data-testid="google-primary">
            {primary ? fill(primary.value) : template.logoText || template.description}
          </p>
        </div>
        {rows.length > 0 && (
          <div className="grid grid-cols-2 gap-x-4 gap-y-3 px-4 pt-3">
            {rows.slice(0, 6).map((field, index) => (
              <div key={field.key} className={cn('min-w-0', index % 2 === 1 && 'text-right')}>
                <p className="truncate text-[11px] opacity-75">{field.label || ' '}</p>
                <p className="truncate text-sm font-medium">{fill(field.value) || ' '}</p>
              </div>
            ))}
          </div>
        )}
        <Barcode format={template.barcodeFormat} message={barcodeMessage} frameClassName="rounded-xl bg-white p-3" />
        {images?.strip && <img src={images.strip} alt="" className="h-24 w-full object-cover" />}
        {voided && <VoidBand>Expired</VoidBand>}
      </div>
      <figcaption className="text-xs text-muted-foreground">Google Wallet</figcaption>
    </figure>
  );
}

/** Both previews side by side (stacked on a phone). */
export function PassPreviews(props: PassPreviewProps) {
  return (
    <div className="@container" aria-label="Pass previews" role="group">
      <div className="grid gap-4 @md:grid-cols-2">
        <ApplePassPreview {...props} />
        <GooglePassPreview {...props} />
      </div>
    </div>
  );
}
