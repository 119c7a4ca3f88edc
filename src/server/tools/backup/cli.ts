/** What the backup and restore commands share: their arguments, settings and how they end. */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { config as loadDotenv } from 'dotenv'
import { ConfigError, loadConfig } from '../../config'
import { BackupError } from './manifest'

/**
 * Both commands take at most one path and one on/off flag; `--help` prints the usage. Anything else is refused
 * with the usage (exit code 2).
 */
export function parseCliArguments(args: string[], usage: string, flag: string) {
  let path: string | undefined
  let flagged = false
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') {
      console.log(usage)
      process.exit(0)
    } else if (arg === flag) flagged = true
    else if (arg.startsWith('-') || path) throw new BackupError(`Unexpected argument ${arg}.\n${usage}`, 2)
    else path = arg
  }
  return { path, flagged }
}

/** Stands in for AUTH_SECRET so reading the settings never generates a secret into the DATA_DIR it checks. */
const SECRET_PLACEHOLDER = 'backup-and-restore-never-sign-anything-with-this'

/**
 * The server's settings, read the way the server reads them (`.env` included), without side effects on
 * DATA_DIR beyond creating the folder: the generated auth secret is handled as a file by the commands.
 */
export function loadCliSettings() {
  loadDotenv({ quiet: true })
  const authSecretFromEnvironment = Boolean(process.env.AUTH_SECRET)
  const config = loadConfig(
    { ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || SECRET_PLACEHOLDER },
    { readDotenv: false },
  )
  return {
    config,
    authSecretFromEnvironment,
    authSecretFile: path.join(config.dataDir, 'auth-secret'),
    pgliteDir: path.join(config.dataDir, 'pg'),
  }
}

/**
 * PGlite has no lock of its own: a second process opening the same data directory would corrupt it. While
 * it is open it keeps a postmaster.pid in the folder and removes it when closed cleanly, so its presence
 * means a server is running, or one stopped without closing the database.
 */
export function assertPgliteFree(pgliteDir: string, action: string) {
  if (existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${pgliteDir} is in use (postmaster.pid is present): stop the Isoko server ` +
        `first, then ${action}.\nThe embedded database allows one process at a time. If no server is running, ` +
        'the last one did not shut down cleanly: start it once, stop it with Ctrl-C, then try again.',
    )
  }
}

/** Ends a command: expected errors print their message alone; anything else one line, never a stack. */
export function exitOnError(command: string) {
  return (error: unknown) => {
    if (error instanceof BackupError) {
      console.error(error.message)
      process.exit(error.exitCode)
    }
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    // Drizzle's "Failed query" names the statement; the database's own words are in its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
    console.error(
      `${command} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${cause}`,
    )
    if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack)
    process.exit(1)
  }
}
