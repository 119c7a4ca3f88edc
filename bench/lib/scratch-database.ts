import pg from 'pg'
import { openPostgres } from '../../src/server/db/client'

/** `--name N` from the command line, or `fallback`. */
export const numberArg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}

/**
 * A database of `name` on BENCH_DATABASE_URL's server (the local one by default), dropped if it was there,
 * created and migrated: a benchmark's scratch data, replaced on each run. Its URL and the open database.
 */
export async function scratchDatabase(name: string) {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), 4)
  await database.migrate()
  return { url: url.toString(), database }
}
