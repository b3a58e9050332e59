// The nonce of this page's Content-Security-Policy (the server puts it in <meta property="csp-nonce">). Inline
// <style> tags need it: Radix Select's viewport renders one, Radix's scroll lock injects one.
let cached: string | undefined;

export function cspNonce(): string | undefined {
  if (cached === undefined && typeof document !== 'undefined') {
    const meta = document.querySelector<HTMLMetaElement>('meta[property=csp-nonce]');
    // Browsers hide a nonce attribute's value from getAttribute once the page is loaded; the property keeps it.
    cached = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  }
  return cached;
}
