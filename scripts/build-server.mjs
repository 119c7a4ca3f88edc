#!/usr/bin/env node

// The server, compiled ahead of time: src/server/main.ts and the command-line tools, each bundled by esbuild
// into one ES module in dist/server/ (main.js, admin-create.js, backup.js, restore.js, demo.js) with its
// source map.
// Packages from node_modules stay external (imported at run time as they are), so a bundle holds only Isoko's
// own code. `node dist/server/main.js` then runs with no TypeScript compiler loaded.
//
//   node scripts/build-server.mjs          build (what `npm run build` and `npm start` run)
//   import { serverBuildIsStale } from …   why a build is needed, or null (scripts/start.mjs)
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverOutDir = path.join(root, 'dist', 'server')

/** Entry points: the output file's name (dist/server/<name>.js) and its source. */
export const serverEntries = {
  main: 'src/server/main.ts',
  'admin-create': 'src/server/cli/admin-create.ts',
  backup: 'src/server/tools/backup/backup.ts',
  restore: 'src/server/tools/backup/restore.ts',
  demo: 'src/server/tools/demo/demo.ts',
}

// Everything a bundle is made from (node_modules is not: it stays external and is read at run time); the
// language bundles give the server the words of its CSV labels (src/server/lib/texts.ts).
const serverSources = [
  'src/server',
  'src/shared',
  'src/web/i18n',
  'tsconfig.json',
  'scripts/build-server.mjs',
]

/** Newest modification time (ms) of a file, or of any file below a folder; 0 when absent. */
export function newestMtime(target) {
  let stat
  try {
    stat = statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

/** Why the server must be built again (a bundle missing, or older than a source), or null when it is current. */
export function serverBuildIsStale() {
  const outputs = [
    ...Object.keys(serverEntries).map((name) => path.join(serverOutDir, `${name}.js`)),
    path.join(serverOutDir, 'migrations', 'meta', '_journal.json'),
    path.join(serverOutDir, 'functions.sql'),
    path.join(serverOutDir, 'api-docs-client.js'),
  ]
  const missing = outputs.find((file) => !existsSync(file))
  if (missing) return `${path.relative(root, missing)} is missing`
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs))
  const newestSource = Math.max(...serverSources.map((source) => newestMtime(path.join(root, source))))
  return newestSource > builtAt ? 'the server changed since the last build' : null
}

export async function buildServer() {
  const { build } = await import('esbuild')
  rmSync(serverOutDir, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir: serverOutDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are imported from node_modules at run time, as `npm install` put them there: native ones
    // (sharp, argon2) and those that read files beside their own code (PGlite's WebAssembly) keep working.
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: 'linked',
    sourcesContent: false,
    // Names stay as written: logs name error classes, and drizzle tells a pool from a client by its class name.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
  })
  // The migrations and the totals' functions are read at start from beside the code (src/server/db/migrate.ts).
  cpSync(path.join(root, 'src', 'server', 'db', 'migrations'), path.join(serverOutDir, 'migrations'), {
    recursive: true,
  })
  cpSync(path.join(root, 'src', 'server', 'db', 'functions.sql'), path.join(serverOutDir, 'functions.sql'))
  // The script /api/docs serves to the browser as it is, read from beside the bundle (system/api-docs.ts).
  cpSync(
    path.join(root, 'src', 'server', 'system', 'api-docs-client.js'),
    path.join(serverOutDir, 'api-docs-client.js'),
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  try {
    await buildServer()
  } catch (error) {
    // esbuild has already printed the errors with their file and line.
    console.error(`The server build failed${error?.errors?.length ? '' : `: ${error?.message ?? error}`}.`)
    process.exit(1)
  }
  console.log(
    `Built the server into ${path.relative(process.cwd(), serverOutDir) || '.'} in ${Math.round(performance.now() - started)} ms`,
  )
}
