// Why a webhook call failed, in words a partner can act on: the raw Node error (getaddrinfo ENOTFOUND webhook.site)
// becomes "The host webhook.site could not be resolved…", an HTTP status says what the endpoint answered.

const TLS_UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const TLS_SELF_SIGNED = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);

function where(url: URL): { host: string; port: string } {
  return { host: url.hostname, port: url.port || (url.protocol === 'https:' ? '443' : '80') };
}

/** A network or TLS error of a call to `url`, explained. */
export function explainSendError(error: unknown, url: URL, timeoutMs: number): string {
  const { host, port } = where(url);
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ENOTFOUND':
      return `The host ${host} could not be resolved: no DNS record exists for it. Check the host name in the endpoint URL.`;
    case 'EAI_AGAIN':
      return `The host ${host} could not be resolved right now (the DNS lookup failed temporarily). It will be tried again.`;
    case 'ECONNREFUSED':
      return `${host} refused the connection on port ${port}: nothing is listening there. Check the port and that your server is running.`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${host} closed the connection before answering.`;
    case 'ETIMEDOUT':
    case 'ESOCKETTIMEDOUT':
    case 'ECONNABORTED':
      return `${host} did not answer within ${timeoutMs / 1000} seconds.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached: there is no network route to it.`;
    case 'CERT_HAS_EXPIRED':
      return `The TLS certificate of ${host} has expired. Renew it, then try again.`;
    case 'CERT_NOT_YET_VALID':
      return `The TLS certificate of ${host} is not valid yet.`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `The TLS certificate of ${host} is issued for another host name.`;
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return `${host} did not answer with TLS on port ${port}. Is the endpoint http rather than https?`;
  }
  if (typeof code === 'string' && TLS_SELF_SIGNED.has(code))
    return `${host} uses a self-signed TLS certificate, which is not trusted. Use a certificate from a public authority.`;
  if (typeof code === 'string' && TLS_UNTRUSTED.has(code))
    return `The TLS certificate of ${host} could not be verified (its chain is incomplete or untrusted).`;
  if (/^No answer within/.test(message)) return `${host} did not answer within ${timeoutMs / 1000} seconds.`;
  return `The request to ${host} failed: ${message}`;
}

const STATUS_HINTS: Record<number, string> = {
  301: 'it redirects elsewhere; webhooks do not follow redirects, so use the final URL',
  302: 'it redirects elsewhere; webhooks do not follow redirects, so use the final URL',
  307: 'it redirects elsewhere; webhooks do not follow redirects, so use the final URL',
  308: 'it redirects elsewhere; webhooks do not follow redirects, so use the final URL',
  400: 'it did not accept the request',
  401: 'it asks for authentication; webhook calls are authenticated by their signature instead',
  403: 'it refused the request',
  404: 'nothing is there; check the path of the endpoint URL',
  405: 'it does not take POST requests at this path',
  408: 'it timed out reading the request',
  410: 'it is gone, so the endpoint was disabled',
  413: 'the event was too large for it',
  429: 'it is rate limiting; the delivery will be retried',
  500: 'it failed while handling the event',
  502: 'a proxy in front of it got no valid answer',
  503: 'it is unavailable right now',
  504: 'a proxy in front of it timed out',
};

/** What a non-2xx answer means ("The endpoint answered 404 Not Found: nothing is there…"); null for a 2xx. */
export function explainStatus(statusCode: number | null, reason?: string | null): string | null {
  if (statusCode === null || (statusCode >= 200 && statusCode < 300)) return null;
  const hint =
    STATUS_HINTS[statusCode] ??
    (statusCode >= 500 ? 'it failed while handling the event' : statusCode >= 400 ? 'it did not accept the request' : 'webhooks need a 2xx answer');
  return `The endpoint answered ${statusCode}${reason ? ` ${reason}` : ''}: ${hint}.`;
}
