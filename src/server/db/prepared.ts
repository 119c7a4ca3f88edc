import type { Db } from './types'

/**
 * A statement built once per database handle and prepared under `name`, for the screens read most often (the
 * dashboards): Drizzle builds its SQL once instead of on every request, and PostgreSQL parses and plans it once
 * per connection. Its variable parts are `sql.placeholder`s, given to `execute`. Only for the database itself,
 * never a transaction (a statement prepared on one would outlive it).
 */
export function preparedPerDatabase<T>(build: (db: Db, name: string) => T, name: string): (db: Db) => T {
  const prepared = new WeakMap<Db, T>()
  return (db) => {
    let statement = prepared.get(db)
    if (!statement) {
      statement = build(db, name)
      prepared.set(db, statement)
    }
    return statement
  }
}
