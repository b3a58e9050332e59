/**
 * A tiny browser for an identity provider's pages: keeps its cookies and follows its redirects by hand, stopping at
 * a redirect that leaves the provider (the app's callback) or at a page it shows.
 */
export class ProviderBrowser {
  private cookies = new Map<string, string>();

  constructor(private readonly issuer: string) {}

  /** The value of one of the provider's cookies this browser holds (`_session` is the provider's session id). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async follow(response: Response): Promise<{ response: Response; leftTo?: URL }> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { response: current };
      const next = new URL(location, current.url || this.issuer);
      if (next.origin !== new URL(this.issuer).origin) return { response: current, leftTo: next };
      current = await this.request(next.toString());
    }
    throw new Error('too many redirects');
  }
}
