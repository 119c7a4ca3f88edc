#!/usr/bin/env node

// `npm start`: build the screens when dist/ is missing or older than their sources, then run the server.
// One process for the user to stop: Ctrl-C (SIGINT) or SIGTERM reaches the server, and its exit code is ours.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) =>
  path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)

// Everything that ends up in the built SPA. The server's own code runs from source through tsx.
const webSources = ['src/web', 'src/shared', 'index.html', 'public', 'vite.config.ts', 'postcss.config.cjs']

/** Newest modification time (ms) of a file, or of any file below a folder; 0 when absent. */
function newestMtime(target) {
  let stat
  try {
    stat = statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

function needsBuild() {
  const builtIndex = path.join(root, 'dist', 'index.html')
  if (!existsSync(builtIndex)) return 'dist/index.html is missing'
  const builtAt = statSync(builtIndex).mtimeMs
  const newestSource = Math.max(...webSources.map((source) => newestMtime(path.join(root, source))))
  return newestSource > builtAt ? 'the screens changed since the last build' : null
}

let current = null
let stopSignal = null

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

const reason = needsBuild()
if (reason) {
  console.log(`Building the web app (${reason})...`)
  const code = await run(bin('vite'), ['build', '--logLevel', 'warn'])
  if (code !== 0 || stopSignal) {
    if (!stopSignal) console.error('The web app build failed; the server was not started.')
    process.exit(stopSignal === 'SIGTERM' ? 143 : stopSignal ? 130 : code)
  }
}

// Production unless the caller says otherwise (the cross-site check trusts no other local origin).
process.exit(
  await run(bin('tsx'), ['src/server/main.ts'], {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
  }),
)
