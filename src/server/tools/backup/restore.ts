/**
 * `npm run restore -- <archive> [--force]`: restores an archive made by `npm run backup` into the database
 * and file store the settings name (DATA_DIR, or DATABASE_URL and STORAGE_DRIVER), which must be empty:
 * `--force` replaces what is there instead. Every table and file is checked against the manifest; the
 * rows are committed only if each table, dumped again, gives the archive's row count and checksum.
 *
 * Exit codes: 0 restored; 1 refused or failed; 2 wrong arguments.
 */
import { openCommandDatabase } from '../../db/client'
import { createStorage } from '../../storage/storage'
import { assertPgliteFree, exitOnError, loadCliSettings, parseCliArguments } from './cli'
import { BackupError, formatBytes } from './manifest'
import { restoreBackup } from './restore-archive'

const USAGE = `Usage: npm run restore -- <archive folder> [--force]
  Restores into the database and files of the current settings (DATA_DIR, or DATABASE_URL and S3_*).
  --force  replace the target's data instead of refusing when it is not empty`

function parseArguments(args: string[]) {
  const { path: archive, flagged: force } = parseCliArguments(args, USAGE, '--force')
  if (!archive) throw new BackupError(`Which archive? ${USAGE}`, 2)
  return { archive, force }
}

async function main() {
  const args = parseArguments(process.argv.slice(2))
  const { config, authSecretFile, authSecretFromEnvironment, pgliteDir } = loadCliSettings()
  if (!config.databaseUrl) assertPgliteFree(pgliteDir, 'restore')

  const database = await openCommandDatabase(config)
  const storage = createStorage(config.storage)
  try {
    console.log(
      `Restoring into ${database.kind === 'pglite' ? `the embedded database in ${pgliteDir}` : 'the PostgreSQL database of DATABASE_URL'}` +
        ` and ${config.storage.driver === 's3' ? `the S3 bucket ${config.storage.bucket}` : config.storage.root}${args.force ? ' (--force: replacing what is there)' : ''}.`,
    )
    const result = await restoreBackup({
      archive: args.archive,
      database,
      storage,
      localFilesRoot: config.storage.driver === 'local' ? config.storage.root : undefined,
      authSecretFile: authSecretFromEnvironment ? undefined : authSecretFile,
      force: args.force,
      log: (line) => console.log(line),
    })
    const { manifest } = result
    console.log(
      `Restored the backup of ${manifest.createdAt} (Isoko ${manifest.app.version}, ${manifest.source.database}):`,
    )
    for (const table of result.tables) console.log(`  ${table.name}: ${table.rows} rows`)
    console.log(
      `  stored files: ${result.files.count} (${formatBytes(result.files.bytes)})` +
        (manifest.files.included
          ? ''
          : ' (the archive was made with --no-files: restore the files from the bucket)'),
    )
    if (manifest.files.missing.length > 0)
      console.log(
        `  ${manifest.files.missing.length} file(s) were already missing when the backup was made (manifest.json, files.missing).`,
      )
    console.log(
      `  migrations: ${result.migratedFrom} from the archive` +
        (result.migratedTo > result.migratedFrom
          ? `, then ${result.migratedTo - result.migratedFrom} newer applied`
          : ''),
    )
    console.log(
      result.authSecret === 'restored'
        ? '  session secret: restored into DATA_DIR/auth-secret (signed-in sessions stay valid)'
        : result.authSecret === 'kept'
          ? '  session secret: DATA_DIR already has another one, kept (everyone signs in again; --force replaces it)'
          : '  session secret: not in the archive (AUTH_SECRET or a new one signs sessions; everyone signs in again)',
    )
    console.log('Verified: every table row-for-row by count and SHA-256, every file by SHA-256.')
  } finally {
    storage.close()
    await database.close()
  }
}

main().catch(exitOnError('restore'))
