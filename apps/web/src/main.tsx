import '@/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startAnalytics } from '@/lib/analytics';
import { startConsentManager } from '@/lib/consent';
import { cspNonce } from '@/lib/csp-nonce';
import { initErrorReporting } from '@/lib/error-reporting';
import './index.css';

initErrorReporting();
// Both do nothing unless the server configures GA4 or the support chat (window.__RAMPART_CONFIG__).
startAnalytics();
startConsentManager();

// The page's CSP allows inline <style> only with this response's nonce: libraries that inject style tags (Radix's
// scroll lock via get-nonce) read it from __webpack_nonce__.
declare global {
  var __webpack_nonce__: string | undefined;
}
globalThis.__webpack_nonce__ = cspNonce();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
