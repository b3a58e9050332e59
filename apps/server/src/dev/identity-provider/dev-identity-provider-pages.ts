// The few HTML pages the development identity provider shows. Plain, accessible, no external assets.

import { escapeHtml, htmlDocument } from '../../lib/html.ts';

export const DEV_IDP_TITLE = 'Rampart development identity provider';

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(24rem, calc(100vw - 2rem)); padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1rem; line-height: 1.5; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem 0.75rem; font: inherit; border-radius: 0.5rem; border: 1px solid color-mix(in srgb, CanvasText 40%, transparent); }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.65rem; font: inherit; font-weight: 600; border: 0; border-radius: 0.5rem; background: #1d4ed8; color: #fff; cursor: pointer; }
  .secondary { display: inline-block; margin-top: 1rem; color: inherit; }
  .error { padding: 0.75rem; border-radius: 0.5rem; background: color-mix(in srgb, #dc2626 15%, Canvas); border: 1px solid #dc2626; }
  .hint { font-size: 0.875rem; opacity: 0.8; }
`;

function layout(heading: string, body: string, extraHead = ''): string {
  return htmlDocument({
    title: DEV_IDP_TITLE,
    head: `<meta name="referrer" content="no-referrer">
<style>${STYLE}</style>
${extraHead}`,
    body: `<main>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>`,
  });
}

export function loginPage(input: { uid: string; clientName: string; email?: string; error?: string }): string {
  const action = `/interaction/${encodeURIComponent(input.uid)}/login`;
  const abort = `/interaction/${encodeURIComponent(input.uid)}/abort`;
  const error = input.error ? `<p class="error" role="alert" id="login-error">${escapeHtml(input.error)}</p>` : '';
  const describedBy = input.error ? ' aria-describedby="login-error"' : '';
  return layout(
    DEV_IDP_TITLE,
    `<p>Sign in to <strong>${escapeHtml(input.clientName)}</strong> with your e-mail address and password at this identity provider.</p>
<p class="hint">This identity provider only runs in development, when no OIDC issuer is configured. The first time, use your Rampart e-mail address and password; after that, your primary e-mail and password here.</p>
${error}
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required${input.email ? '' : ' autofocus'} value="${escapeHtml(input.email ?? '')}"${describedBy}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${input.email ? ' autofocus' : ''}${describedBy}>
  <button type="submit">Sign in</button>
</form>
<p><a class="secondary" href="${escapeHtml(`/interaction/${encodeURIComponent(input.uid)}/code`)}">E-mail me a sign-in code instead</a></p>
<a class="secondary" href="${escapeHtml(abort)}">Cancel and return to the app</a>`,
  );
}

/** Signing in without a password: the provider e-mails a 6-digit code to the primary address. */
export function codeRequestPage(input: { uid: string; email?: string }): string {
  const action = `/interaction/${encodeURIComponent(input.uid)}/code`;
  return layout(
    'Sign in with an e-mailed code',
    `<p>Enter your primary e-mail address at this identity provider; we send a 6-digit sign-in code to it.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(input.email ?? '')}">
  <button type="submit">Send the code</button>
</form>
<a class="secondary" href="/interaction/${escapeHtml(encodeURIComponent(input.uid))}">Sign in with a password instead</a>`,
  );
}

export function codeEntryPage(input: { uid: string; email: string; error?: string }): string {
  const action = `/interaction/${encodeURIComponent(input.uid)}/code/verify`;
  const error = input.error ? `<p class="error" role="alert" id="code-error">${escapeHtml(input.error)}</p>` : '';
  const describedBy = input.error ? ' aria-describedby="code-error"' : '';
  return layout(
    'Enter your sign-in code',
    `<p role="status">If ${escapeHtml(input.email)} is the primary e-mail address of an account here, a 6-digit code is on its way. It expires in 5 minutes.</p>
${error}
<form method="post" action="${escapeHtml(action)}" novalidate>
  <input type="hidden" name="email" value="${escapeHtml(input.email)}">
  <label for="code">Sign-in code</label>
  <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${describedBy}>
  <button type="submit">Sign in</button>
</form>
<a class="secondary" href="/interaction/${escapeHtml(encodeURIComponent(input.uid))}/code">Send a new code</a>`,
  );
}

/**
 * The logout confirmation, submitted automatically: the app already decided to sign out,
 * so asking again would only add a click. The button stays for browsers without scripts.
 */
export function logoutPage(form: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    'Signing you out…',
    `${confirmed}
<p role="status">Signing you out of the development identity provider.</p>
<button type="submit" form="op.logoutForm">Continue</button>
<script>document.getElementById('op.logoutForm').submit();</script>`,
  );
}

export function signedOutPage(): string {
  return layout('Signed out', '<p role="status">You are signed out of the development identity provider.</p>');
}

export function errorPage(error: string, description?: string): string {
  return layout(
    'Something went wrong',
    `<p class="error" role="alert">${escapeHtml(description ?? error)}</p><p class="hint">Error code: ${escapeHtml(error)}</p>`,
  );
}
