import { spawn } from 'node:child_process'
import {
  closeSync,
  cpSync,
  symlinkSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FullConfig } from '@playwright/test'
import { ADMIN_FILE, ROOT, SCREENS_FILE, SCREENSHOT_DIR, SERVER_FILE, SERVER_LOG } from './paths'

/** The first free port from `start` on (the server listens on 127.0.0.1 only). */
async function freePort(start: number): Promise<number> {
  for (let port = start; port < start + 100; port++) {
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (isFree) return port
  }
  throw new Error(`No free port between ${start} and ${start + 99}`)
}

const tail = (file: string, lines = 30) =>
  existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '(no log)'

/**
 * Starts the real server, as `npm start` would: the built server (dist/server/main.js, plain Node, what ships)
 * on the built screens and a fresh, empty data directory: no admin yet, so it prints the one-time setup link;
 * mail goes to the outbox and its links to the log.
 *
 * The server runs in a temporary folder holding a copy of dist/ (screens and server): a `npm run build`
 * elsewhere during the run (it empties dist/ and writes new chunk names) cannot pull the screens or the
 * migrations from under it, and no developer `.env` is read. The folder links to the project's node_modules,
 * where the built server's packages are found.
 */
export default async function globalSetup(_config: FullConfig) {
  for (const built of ['index.html', 'server/main.js']) {
    if (!existsSync(path.join(ROOT, 'dist', built))) {
      throw new Error(
        `dist/${built} is missing: run \`npm run build\` first (\`npm run test:e2e\` does both).`,
      )
    }
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  rmSync(ADMIN_FILE, { force: true })
  rmSync(SCREENS_FILE, { force: true })

  const port = await freePort(Number(process.env.E2E_PORT ?? 3100))
  const baseUrl = `http://localhost:${port}`
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-e2e-'))
  const dataDir = path.join(runDir, 'data')
  cpSync(path.join(ROOT, 'dist'), path.join(runDir, 'dist'), { recursive: true })
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(runDir, 'node_modules'), 'dir')
  const log = openSync(SERVER_LOG, 'w')

  // A developer's database, mail server or Google client (shell or .env) must not leak into the run: an empty
  // value counts as unset for the server, and dotenv never overrides a variable that exists.
  const unset = [
    'DATABASE_URL',
    'SMTP_URL',
    'AUTH_SECRET',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'STORAGE_DRIVER',
    'TRUST_PROXY',
  ]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(unset.map((key) => [key, ''])),
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Every scenario signs up and signs in from 127.0.0.1: the per-address limits of a real deployment would
    // stop a full run part way. The per-account limits stay as they are.
    REGISTRATIONS_PER_ADDRESS: '5000',
    SIGN_INS_PER_ADDRESS: '5000',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // Mobile money and SMS through the fakes the server starts itself (docs/payments.md); a payout approved with
    // a typed reference is still paid by hand, as the other scenarios do.
    PAYOUT_PROVIDER: 'fake',
    SMS_PROVIDER: 'fake',
  }
  // Not detached: the server stays in Playwright's process group, so a Ctrl-C stops it too. (A detached group
  // is also what this machine's sandbox kills on sight.) The teardown signals the server itself.
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(runDir, 'dist', 'server', 'main.js')],
    { cwd: runDir, env, stdio: ['ignore', log, log] },
  )
  server.unref()
  closeSync(log)
  let exited: string | null = null
  server.on('exit', (code, signal) => (exited = signal ?? `exit code ${code}`))
  writeFileSync(SERVER_FILE, JSON.stringify({ pid: server.pid, port, runDir }))

  // Workers are started after this and inherit the environment: playwright.config.ts reads the port from it.
  process.env.E2E_PORT = String(port)

  const deadline = Date.now() + 90_000
  for (;;) {
    if (exited)
      throw new Error(`The server stopped while starting (${exited}). ${SERVER_LOG}:\n${tail(SERVER_LOG)}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (response.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The server did not answer /api/health within 90 s. ${SERVER_LOG}:\n${tail(SERVER_LOG)}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  console.log(
    `[e2e] server ${baseUrl} (pid ${server.pid}, folder ${runDir}, log ${path.relative(ROOT, SERVER_LOG)})`,
  )
}
