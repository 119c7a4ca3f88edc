/**
 * The named fields of a row, as they are: the part of an answer that a row holds under the same names (a
 * transfer's id, status and amount), so a DTO spells out only what it renames or converts.
 */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>
  for (const key of keys) picked[key] = row[key]
  return picked
}
