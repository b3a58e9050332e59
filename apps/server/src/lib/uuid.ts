const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: checked before they reach a uuid column, where a malformed one would be a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
