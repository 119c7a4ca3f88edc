#!/usr/bin/env node

// `npm run dev`: the API under `tsx watch` (restarts on server changes) and Vite's dev server (hot reload),
// side by side. Open the Vite URL: it proxies /api to the API (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process'
import { setInterval } from 'node:timers'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) =>
  path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)

const apiPort = process.env.API_PORT ?? '3001'
const webPort = process.env.WEB_PORT ?? '5173'
// Links in mails and the first-admin setup link must open the page the developer is looking at: Vite's.
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`

const children = new Map()
let stopping = false
let exitCode = 0

function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  children.set(name, child)
  child.on('error', (error) => {
    console.error(`[dev] could not start ${name}: ${error.message}. Did you run npm install?`)
    stopAll(1)
  })
  child.on('exit', (code, signal) => {
    children.delete(name)
    if (!stopping) {
      // One half without the other is not a working dev setup: stop the rest and report it.
      console.error(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`)
      stopAll(code || 1)
    }
    if (children.size === 0) process.exit(exitCode)
  })
}

function stopAll(code, signal = 'SIGTERM') {
  if (!stopping) exitCode = code
  stopping = true
  for (const child of children.values()) if (child.exitCode === null) child.kill(signal)
  if (children.size === 0) process.exit(exitCode)
  // A child that ignores the signal must not keep the terminal.
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL')
    process.exit(exitCode)
  }, 8000).unref()
}

process.on('SIGINT', () => stopAll(0, 'SIGINT'))
process.on('SIGTERM', () => stopAll(0, 'SIGTERM'))
process.on('SIGHUP', () => stopAll(0, 'SIGTERM'))
// npm runs this script under a shell: stopping npm alone (kill <npm's pid>, an editor's stop button) ends npm and
// the shell but signals nothing here, and the servers would run on. A new parent means ours has gone.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) stopAll(0)
}, 1000).unref()

console.log(
  `[dev] API on http://localhost:${apiPort} (tsx watch, API_PORT), screens on ${publicUrl} (Vite, WEB_PORT, /api proxied)`,
)
start('api', bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: apiPort,
  // tsx watch's output is this terminal's: readable lines (the first-admin link among them) when it is one.
  ...(process.stdout.isTTY && !process.env.LOG_FORMAT ? { LOG_FORMAT: 'pretty' } : {}),
  PUBLIC_URL: publicUrl,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  // Mobile money and SMS through the fakes of src/dev/fakes unless PAYOUT_PROVIDER / SMS_PROVIDER say otherwise.
  ISOKO_FAKES_BY_DEFAULT: '1',
})
start('vite', bin('vite'), ['--port', webPort, '--strictPort'], { API_PORT: apiPort, WEB_PORT: webPort })
