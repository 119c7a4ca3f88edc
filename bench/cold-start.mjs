#!/usr/bin/env node
// Cold start: from launching `npm start`'s launcher on an empty DATA_DIR to the first page served.
// Baseline, measured in the same run: a bare Node HTTP server answering its first request, so the figure can
// be read against what this (shared, noisy) machine gives at that moment. Runs are bounded and local only.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const runs = Number(process.env.RUNS ?? 3)
const timeoutMs = 60_000

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

async function timeToFirstPage(command, args, env, url) {
  const started = performance.now()
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' })
  try {
    while (performance.now() - started < timeoutMs) {
      try {
        const response = await fetch(url)
        if (response.ok) return performance.now() - started
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`no answer from ${url} within ${timeoutMs} ms`)
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const baseline = []
const isoko = []
for (let run = 1; run <= runs; run += 1) {
  const basePort = await freePort()
  baseline.push(
    await timeToFirstPage(
      process.execPath,
      ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${basePort}, '127.0.0.1')`],
      {},
      `http://127.0.0.1:${basePort}/`,
    ),
  )
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-bench-'))
  const port = await freePort()
  try {
    isoko.push(
      await timeToFirstPage(
        process.execPath,
        ['scripts/start.mjs'],
        { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
        `http://127.0.0.1:${port}/login`,
      ),
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log(`run ${run}: baseline ${baseline.at(-1).toFixed(0)} ms, Isoko ${isoko.at(-1).toFixed(0)} ms`)
}
const isokoMs = median(isoko)
const baselineMs = median(baseline)
console.log(`cold start on an empty DATA_DIR (median of ${runs}): ${(isokoMs / 1000).toFixed(1)} s`)
console.log(
  `bare Node HTTP server (median): ${baselineMs.toFixed(0)} ms; ratio ${(isokoMs / baselineMs).toFixed(1)}x`,
)
console.log(`target: under 15 s -> ${isokoMs < 15_000 ? 'met' : 'NOT met'}`)
