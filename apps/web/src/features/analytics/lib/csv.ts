// CSV of a chart's rows (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled. Values are
// written as given, so decimal strings keep every digit.

/** A spreadsheet reads a leading =, +, - or @ as a formula; such text (not a number) gets a leading apostrophe. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^[-+]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [columns, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** A file name from a chart title: "Volume by day" → "volume-by-day.csv". */
export function fileNameOf(title: string, extension: string): string {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'chart';
  return `${base}.${extension}`;
}

/** Saves a blob under a file name (a link to an object URL: a download, not an image, so the CSP allows it). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadCsv(columns: readonly string[], rows: ReadonlyArray<readonly string[]>, fileName: string): void {
  downloadBlob(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
