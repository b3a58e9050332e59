// Reads the CSV our exports write (the audit trail, transactions, analytics): the server's and the browser's tests check
// downloads with it.
/**
 * RFC 4180 rows, as our exports write them: quoted fields may hold commas, doubled quotes, tabs and line breaks; a row
 * ends at CRLF or LF.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (char === '\n') endRow();
    else field += char;
  }
  if (field || row.length) endRow();
  return rows;
}
