// API keys like Stripe's: several named secret keys per mode, and restricted keys (rk_…) limited to chosen REST
// resources. The server enforces these lists on /v1; the web builds the restricted-key form from them.

export type ApiAccess = 'read' | 'write';

export interface ApiResourceDefinition {
  id: string;
  label: string;
  description: string;
  /** Routes a key with Read (or Write) access may call, as `METHOD /v1/path` with Fastify's `:param` segments. */
  read: readonly string[];
  /** Routes only Write access opens; an empty list means the resource is read-only. */
  write: readonly string[];
}

export const API_RESOURCES = [
  {
    id: 'transactions',
    label: 'Transactions',
    description: 'Read lists and single transactions; Write also creates test transactions and moves them along (test mode).',
    read: ['GET /v1/transactions', 'GET /v1/transactions/:id'],
    write: ['POST /v1/test/transactions', 'POST /v1/test/transactions/:id/status'],
  },
  {
    id: 'customers',
    label: 'Customers',
    description: 'Read a customer by id or by your external customer id.',
    read: ['GET /v1/customers', 'GET /v1/customers/:id'],
    write: [],
  },
] as const satisfies readonly ApiResourceDefinition[];

export type ApiResource = (typeof API_RESOURCES)[number]['id'];

/** Working secret and restricted keys a mode may have at once (the publishable and webhook keys are not counted). */
export const MAX_SECRET_KEYS_PER_MODE = 20;
export const API_KEY_NAME_MAX = 60;
/** Days a REST request stays in the request log. */
export const API_REQUEST_LOG_RETENTION_DAYS = 30;

export function apiResource(id: string): ApiResourceDefinition | undefined {
  return (API_RESOURCES as readonly ApiResourceDefinition[]).find((resource) => resource.id === id);
}

export function isWritable(resource: ApiResourceDefinition): boolean {
  return resource.write.length > 0;
}

/**
 * The resource and access a route needs (`GET`, `/v1/transactions/:id`), or null for a route outside every resource
 * (which a restricted key may not call). HEAD is the GET it shortens: the same answer without its body.
 */
export function accessForRoute(method: string, routeUrl: string): { resource: ApiResourceDefinition; access: ApiAccess } | null {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const route = `${verb} ${routeUrl}`;
  for (const resource of API_RESOURCES as readonly ApiResourceDefinition[]) {
    if (resource.read.includes(route)) return { resource, access: 'read' };
    if (resource.write.includes(route)) return { resource, access: 'write' };
  }
  return null;
}

/** Whether restrictions grant `access` to a resource; write implies read. */
export function allows(restrictions: Record<string, ApiAccess> | null | undefined, resource: string, access: ApiAccess): boolean {
  const granted = restrictions?.[resource];
  return granted === 'write' || (granted === 'read' && access === 'read');
}

/** The 403 message for a restricted key calling a route that no resource covers. */
export function unlistedRouteMessage(method: string, routeUrl: string): string {
  return `Restricted keys cannot call ${method.toUpperCase()} ${routeUrl}: it is outside every resource a restricted key can be given. Use a secret key (sk_…).`;
}

/** The 403 message for a restricted key used outside its scope. */
export function restrictionMessage(resource: ApiResourceDefinition, access: ApiAccess): string {
  return `This restricted key cannot ${access} ${resource.label.toLowerCase()}. Give it ${access === 'write' ? 'Write' : 'Read'} access to ${resource.label} under Developers → API keys.`;
}
