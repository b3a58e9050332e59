import crypto from 'node:crypto';
import type { AnalyticsType } from '@rampart/shared/analytics';
import type { Env } from '../../config/env.ts';

/** What a Looker embed session needs to know about the viewer. */
export interface LookerViewer {
  userId: string;
  firstName: string | null;
  lastName: string | null;
}

/** The embed user's Looker permissions: view dashboards and their data, nothing that edits or shares. */
export const LOOKER_EMBED_PERMISSIONS = ['access_data', 'see_user_dashboards', 'see_lookml_dashboards', 'see_looks', 'download_with_limit'];

/** LOOKER_DASHBOARDS "volume=12,conversion=13" → { volume: '12', conversion: '13' }. */
export function parseLookerDashboards(value: string): Partial<Record<AnalyticsType, string>> {
  const map: Partial<Record<AnalyticsType, string>> = {};
  for (const entry of value.split(',')) {
    const [type, id] = entry.split('=').map((part) => part.trim());
    if (type && id) map[type as AnalyticsType] = id;
  }
  return map;
}

/**
 * A signed SSO embed URL for one account's dashboard of this type, built as Looker's own examples build it
 * (github.com/looker/looker_embed_sso_examples): JSON-encoded parameters, the string to sign in Looker's order,
 * HMAC-SHA1 in base64. Null when Looker is not configured or the type has no dashboard.
 */
export function lookerEmbedUrl(
  config: Pick<Env, 'LOOKER_HOST' | 'LOOKER_EMBED_SECRET' | 'LOOKER_MODELS' | 'LOOKER_DASHBOARDS' | 'LOOKER_SESSION_LENGTH'>,
  input: { accountId: string; analyticsType: AnalyticsType; viewer: LookerViewer },
  now: Date = new Date(),
): string | null {
  const host = config.LOOKER_HOST;
  const secret = config.LOOKER_EMBED_SECRET;
  if (!host || !secret) return null;
  const dashboardId = parseLookerDashboards(config.LOOKER_DASHBOARDS ?? '')[input.analyticsType];
  if (!dashboardId) return null;

  const embedPath = `/login/embed/${encodeURIComponent(`/embed/dashboards/${dashboardId}`)}`;
  // Stable per user and account: Looker keeps one embed user per external id, and its attributes scope the data.
  const externalUserId = `${input.viewer.userId}:${input.accountId}`;
  const params = {
    nonce: JSON.stringify(crypto.randomBytes(16).toString('hex')),
    time: JSON.stringify(Math.floor(now.getTime() / 1000)),
    session_length: JSON.stringify(config.LOOKER_SESSION_LENGTH),
    external_user_id: JSON.stringify(externalUserId),
    permissions: JSON.stringify(LOOKER_EMBED_PERMISSIONS),
    models: JSON.stringify(config.LOOKER_MODELS),
    group_ids: JSON.stringify([]),
    external_group_id: JSON.stringify(input.accountId),
    user_attributes: JSON.stringify({ account_id: input.accountId }),
    access_filters: JSON.stringify({}),
  };
  const stringToSign = [
    host,
    embedPath,
    params.nonce,
    params.time,
    params.session_length,
    params.external_user_id,
    params.permissions,
    params.models,
    params.group_ids,
    params.external_group_id,
    params.user_attributes,
    params.access_filters,
  ].join('\n');
  const signature = crypto.createHmac('sha1', secret).update(stringToSign, 'utf8').digest('base64');
  const query = new URLSearchParams({
    ...params,
    first_name: JSON.stringify(input.viewer.firstName ?? ''),
    last_name: JSON.stringify(input.viewer.lastName ?? ''),
    force_logout_login: JSON.stringify(true),
    signature,
  });
  return `https://${host}${embedPath}?${query.toString()}`;
}
