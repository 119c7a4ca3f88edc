import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { schema } from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** What a service receives: the database or an open transaction on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies pending migrations; safe when several processes start at once. */
  migrate: () => Promise<void>
  /** Round-trip to the database, for /api/health. */
  ping: () => Promise<void>
  close: () => Promise<void>
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

// bigint columns: keep money as exact integers (int8 → number is exact below 2^53, far beyond any RWF total).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/** Any fixed number works, as long as every process uses the same one to serialise migrations. */
const MIGRATION_LOCK = 7_316_402

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        client.release()
      }
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    close: () => pool.end(),
  }
}

/** The embedded database: real PostgreSQL in WebAssembly, in `dataDir` (or in memory when undefined). */
export async function openPglite(dataDir?: string): Promise<Database & { client: PGlite }> {
  const client = await PGlite.create(dataDir ? { dataDir } : {})
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    client,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async ping() {
      await client.query('select 1')
    },
    close: () => client.close(),
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }) {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize)
  return openPglite(path.join(options.dataDir, 'pg'))
}
