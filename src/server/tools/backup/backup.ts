/**
 * `npm run backup [-- <archive path>] [-- --no-files]`: writes one archive folder holding a consistent dump
 * of the database, the uploaded files and a manifest (backup-archive.ts). Without a path it is
 * `$BACKUP_DIR/isoko-<UTC time>`, BACKUP_DIR defaulting to `DATA_DIR/backups`.
 *
 * On PostgreSQL the server may keep running: the rows come from one REPEATABLE READ snapshot. The embedded
 * database allows one process, so with it the command refuses while the server is running.
 *
 * Exit codes: 0 written; 1 refused or failed (nothing written); 2 wrong arguments; 3 written, but files the
 * database names were missing from the store (listed in the manifest).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { openCommandDatabase } from '../../db/client'
import { createStorage } from '../../storage/storage'
import { createBackup } from './backup-archive'
import { assertPgliteFree, exitOnError, loadCliSettings, parseCliArguments } from './cli'
import { archiveName, BackupError, folderSize, formatBytes } from './manifest'

const USAGE = `Usage: npm run backup [-- <archive path>] [-- --no-files]
  <archive path>  the folder to create (default: $BACKUP_DIR/isoko-<time>, BACKUP_DIR defaults to DATA_DIR/backups)
  --no-files      rows only, when the file store is backed up by other means (S3 versioning, replication)`

function parseArguments(args: string[]) {
  const { path, flagged } = parseCliArguments(args, USAGE, '--no-files')
  return { target: path, includeFiles: !flagged }
}

async function main() {
  const args = parseArguments(process.argv.slice(2))
  const { config, authSecretFile, authSecretFromEnvironment, pgliteDir } = loadCliSettings()
  if (!config.databaseUrl) {
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION')))
      throw new BackupError(
        `There is no embedded database in ${pgliteDir}: nothing to back up. Is DATA_DIR right?`,
      )
    assertPgliteFree(pgliteDir, 'run the backup')
  }
  const parent = path.resolve(process.env.BACKUP_DIR || path.join(config.dataDir, 'backups'))
  const target = path.resolve(args.target ?? path.join(parent, archiveName()))

  const database = await openCommandDatabase(config)
  const storage = createStorage(config.storage)
  try {
    console.log(
      `Backing up ${database.kind === 'pglite' ? `the embedded database in ${pgliteDir}` : 'the PostgreSQL database'}` +
        ` and the ${config.storage.driver === 's3' ? `S3 bucket ${config.storage.bucket}` : `files in ${config.storage.root}`}:`,
    )
    const manifest = await createBackup({
      database,
      storage,
      storageDriver: config.storage.driver,
      target,
      authSecretFile,
      authSecretFromEnvironment,
      includeFiles: args.includeFiles,
      log: (line) => console.log(line),
    })
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0)
    console.log(`Backup written: ${target}`)
    console.log(
      `  ${manifest.tables.length} tables, ${rows} rows; ` +
        (manifest.files.included
          ? `${manifest.files.count} files (${formatBytes(manifest.files.bytes)})`
          : 'files not included (--no-files)') +
        `; ${formatBytes(await folderSize(target))} on disk; session secret ${manifest.authSecret === 'included' ? 'included' : manifest.authSecret === 'environment' ? 'from AUTH_SECRET (not included)' : 'none'}`,
    )
    console.log('  It holds password hashes and identity documents: keep copies encrypted, off this machine.')
    if (manifest.files.missing.length > 0) {
      console.error(
        `Warning: ${manifest.files.missing.length} file(s) named by the database were not in the store ` +
          `(listed in manifest.json under files.missing), e.g. ${manifest.files.missing.slice(0, 3).join(', ')}.`,
      )
      process.exitCode = 3
    }
  } finally {
    storage.close()
    await database.close()
  }
}

main().catch(exitOnError('backup'))
