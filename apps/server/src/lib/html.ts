/**
 * Text put into HTML we write by hand (e-mails, the development mailbox, the widget's and development pages): the five
 * characters that can end an element or an attribute value, as numeric references (`&` → `&#38;`).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A whole page of ours (the widget's refusals, the API reference, the development pages): `title` is text (escaped),
 * `head` and `body` are HTML.
 */
export function htmlDocument({ title, head = '', body }: { title: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}
