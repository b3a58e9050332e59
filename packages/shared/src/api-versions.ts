/**
 * Dated versions of the public REST API (`/v1`). A request names one in the `Rampart-Version` header; without
 * it the account's pinned version applies (`accounts.api_version`, set to the current version at the account's
 * first `/v1` request). Listed oldest first.
 *
 * - `2026-06-01`: lists answer `{ data, limit, offset, liveMode }` (offset paging only).
 * - `2026-11-23`: lists answer `{ object: 'list', url, data, has_more, next_cursor, previous_cursor, liveMode }`
 *   and page with `starting_after` / `ending_before` cursors (`offset` keeps working).
 */
export const API_VERSIONS = ['2026-06-01', '2026-11-23'] as const;

export type ApiVersion = (typeof API_VERSIONS)[number];

export const CURRENT_API_VERSION: ApiVersion = '2026-11-23';

export const API_VERSION_HEADER = 'Rampart-Version';

export function isApiVersion(value: unknown): value is ApiVersion {
  return typeof value === 'string' && (API_VERSIONS as readonly string[]).includes(value);
}
