import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { schema } from './schema'

/** The database as the services see it, whichever driver opened it (client.ts). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** What a service receives: the database or an open transaction on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db
