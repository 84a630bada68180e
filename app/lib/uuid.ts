const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether text has a row id's shape: checked before a query, which PostgreSQL would otherwise fail with an error rather than find nothing. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
