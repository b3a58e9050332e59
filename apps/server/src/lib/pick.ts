/** The named fields of a row, for views that pass most of a row's columns through unchanged (and leave the rest out). */
export function pick<T extends object, K extends keyof T>(row: T, ...keys: K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
