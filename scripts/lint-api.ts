// `npm run lint:api`: the OpenAPI document the server serves at /api/openapi.json, checked with Redocly's
// recommended rules (what API tooling expects of a document). Prints each problem and the totals; exits 1 on
// any error. The document is built by the app itself, on an empty in-memory database, so what is linted is
// what a client downloads (docs/api-contract.md).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createConfig, formatProblems, getTotals, lintFromString } from '@redocly/openapi-core'
import { createApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { openPglite } from '../src/server/db/client'
import { createLogger } from '../src/server/lib/logger'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-lint-api-'))
const database = await openPglite()
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { readDotenv: false })
  const { app } = createApp({ config, database, logger: createLogger('silent', false), webRoot: dataDir })
  const response = await app.request('/api/openapi.json')
  if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`)
  const problems = await lintFromString({
    source: await response.text(),
    absoluteRef: 'openapi.json',
    config: await createConfig({ extends: ['recommended'] }),
  })
  const totals = getTotals(problems)
  formatProblems(problems, { format: 'stylish', totals, color: process.stdout.isTTY })
  console.log(
    `openapi.json: ${totals.errors} errors, ${totals.warnings} warnings (Redocly, recommended rules)`,
  )
  process.exitCode = totals.errors > 0 ? 1 : 0
} finally {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
}
