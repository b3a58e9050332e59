/**
 * Text put into HTML we write by hand (e-mails, the development mailbox, the widget's and development pages): the five
 * characters that can end an element or an attribute value, as numeric references (`&` → `&#38;`).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
