import { cspNonce } from '@/lib/csp-nonce';

// The review's paper rendering, present only while the review is on screen (an injected <style> under the page's
// CSP nonce, so @page and the shell rules do not leak into other screens' printing). A4 with even margins; the
// shell, controls and support button hidden; cards whole on a page; light colours even in the dark theme; charts
// no wider than the paper (their viewBox keeps the proportions). A max-width on .recharts-wrapper stops Chromium
// painting the chart at all, so only the svg is limited.
const PRINT_CSS = `
@page { size: A4; margin: 14mm 12mm; }
@media print {
  html, html.dark {
    color-scheme: light;
    --background: oklch(1 0 0); --foreground: oklch(0.2 0.03 265);
    --card: oklch(1 0 0); --card-foreground: oklch(0.2 0.03 265);
    --popover: oklch(1 0 0); --popover-foreground: oklch(0.2 0.03 265);
    --primary: oklch(0.5 0.22 277); --primary-foreground: oklch(0.99 0 0);
    --secondary: oklch(0.955 0.008 264); --secondary-foreground: oklch(0.25 0.03 265);
    --muted: oklch(0.955 0.008 264); --muted-foreground: oklch(0.42 0.03 265);
    --accent: oklch(0.95 0.02 277); --accent-foreground: oklch(0.3 0.09 277);
    --border: oklch(0.88 0.01 264);
    --success: oklch(0.5 0.13 155); --destructive: oklch(0.53 0.21 27);
    --chart-1: oklch(0.55 0.22 277); --chart-2: oklch(0.65 0.15 190); --chart-3: oklch(0.7 0.16 70);
    --chart-4: oklch(0.6 0.2 340); --chart-5: oklch(0.6 0.15 150);
  }
  html, body { background: #fff !important; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  aside[aria-label="Sidebar"], header.sticky, [data-slot="test-mode-banner"], [data-print="hide"],
  [role="region"][aria-label^="Notifications"], [data-slot="past-due-banner"] { display: none !important; }
  main { padding: 0 !important; }
  [data-slot="page"] { max-width: none !important; gap: 14px !important; }
  [data-review] { font-size: 11px; }
  [data-review] [data-slot="card"] { break-inside: avoid; box-shadow: none !important; }
  [data-review] section, [data-review] li, [data-review] tr { break-inside: avoid; }
  [data-review] h2 { break-after: avoid; }
  [data-review] svg.recharts-surface { max-width: 100%; height: auto; }
  [data-review] .recharts-tooltip-wrapper { display: none !important; }
}
`;

export function ReviewPrintStyles() {
  return <style nonce={cspNonce()}>{PRINT_CSS}</style>;
}
