#!/usr/bin/env node

// `npm start`: build what is missing or older than its sources (the screens with Vite into dist/, the server
// with esbuild into dist/server/), then run the built server with plain Node: no TypeScript compiler at run
// time. One process for the user to stop: Ctrl-C (SIGINT) or SIGTERM reaches the server, and its exit code
// is ours.
//
//   node scripts/start.mjs                    the server (npm start)
//   node scripts/start.mjs backup [args…]     a built command-line tool instead (npm run backup, restore,
//                                             admin:create, demo): only the server's code is built for it
import { spawn } from 'node:child_process'
import { setInterval } from 'node:timers'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer, newestMtime, serverBuildIsStale, serverEntries, serverOutDir } from './build-server.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) =>
  path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)

// Everything that ends up in the built SPA.
const webSources = ['src/web', 'src/shared', 'index.html', 'public', 'vite.config.ts', 'postcss.config.cjs']

function webBuildIsStale() {
  const builtIndex = path.join(root, 'dist', 'index.html')
  if (!existsSync(builtIndex)) return 'dist/index.html is missing'
  const builtAt = statSync(builtIndex).mtimeMs
  const newestSource = Math.max(...webSources.map((source) => newestMtime(path.join(root, source))))
  return newestSource > builtAt ? 'the screens changed since the last build' : null
}

let current = null
let stopSignal = null
const exitCodeOf = (signal) => (signal === 'SIGTERM' ? 143 : 130)

/** Runs one child with our stdio; resolves with its exit code (128 + n when a signal ended it). */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env })
    current = child
    child.on('error', (error) => {
      console.error(
        `Could not run ${path.relative(root, command)}: ${error.message}. Did you run npm install?`,
      )
      resolve(1)
    })
    child.on('exit', (code, signal) => {
      current = null
      resolve(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1))
    })
  })
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopSignal = signal
    // With Ctrl-C the terminal already signalled the whole process group; passing it on is harmless
    // (the server stops once), and it is what makes `kill -TERM <our pid>` stop the server too.
    if (current && current.exitCode === null) current.kill(signal)
  })
}
// npm runs this script under a shell: stopping npm alone (kill <npm's pid>) ends npm and the shell but signals
// nothing here, and the server would run on. A new parent means ours has gone: stop as for SIGTERM.
const parent = process.ppid
setInterval(() => {
  if (process.ppid === parent || stopSignal) return
  stopSignal = 'SIGTERM'
  if (current && current.exitCode === null) current.kill('SIGTERM')
}, 1000).unref()

const [entry = 'main', ...entryArgs] = process.argv.slice(2)
if (!(entry in serverEntries)) {
  console.error(`Unknown entry "${entry}": one of ${Object.keys(serverEntries).join(', ')}.`)
  process.exit(2)
}

// The screens are only needed by the server (the command-line tools serve no pages). Vite empties dist/ as
// it builds, all but the server's build (vite.config.ts), which is looked at after it.
const webReason = entry === 'main' ? webBuildIsStale() : null
if (webReason) {
  console.log(`Building the web app (${webReason})...`)
  const code = await run(bin('vite'), ['build', '--logLevel', 'warn'])
  if (code !== 0 || stopSignal) {
    if (!stopSignal) console.error('The web app build failed; the server was not started.')
    process.exit(stopSignal ? exitCodeOf(stopSignal) : code)
  }
}
const serverReason = serverBuildIsStale()
if (serverReason) {
  console.log(`Building the server (${serverReason})...`)
  try {
    await buildServer()
  } catch {
    // esbuild has printed each error with its file and line.
    console.error('The server build failed; nothing was started.')
    process.exit(1)
  }
  if (stopSignal) process.exit(exitCodeOf(stopSignal))
}

// Source maps: a stack trace in the log names the TypeScript file and line, not the bundle's.
// Production unless the caller says otherwise (the cross-site check trusts no other local origin).
process.exit(
  await run(
    process.execPath,
    ['--enable-source-maps', path.join(serverOutDir, `${entry}.js`), ...entryArgs],
    entry === 'main' ? { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } : process.env,
  ),
)
