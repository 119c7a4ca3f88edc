#!/usr/bin/env node
/**
 * JavaScript each screen needs, over the wire (Brotli) and raw, from the last build (`npm run build`).
 *
 *   npm run bench:bundle                 one line per route; each screen of the areas on stderr
 *   npm run bench:bundle -- --json       the same figures as JSON
 *   npm run bench:bundle -- --browser    also what Chromium fetches opening /login on a first visit (the built
 *                                        server on a fresh data folder)
 *
 * A route needs the entry (index.html's script) and every chunk it imports statically, which the HTML
 * preloads, plus the chunks its router loads on the way to the screen (the area's layout, the screen, the
 * English text bundle), each with its own static imports, which the app's loader fetches together (Vite's
 * preload list). A first visit to /login also runs index.html's classic script (public/zod-config.js, sent as it
 * is) and asks which language to use: the question's chunk, which the first render imports, counts too (a
 * returning visitor's figure is the line without it). That is what a browser downloads on a first visit with an
 * empty cache. Sizes are the .br files the build writes (vite.config.ts); a file without one is counted raw.
 * The baseline is every JavaScript file in dist/assets, which is what a single-bundle app would send.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, note, report, sleep } from './lib/common.mjs'

const dist = path.resolve(
  process.argv.includes('--dist') ? process.argv[process.argv.indexOf('--dist') + 1] : 'dist',
)
const asJson = process.argv.includes('--json')
const manifestFile = path.join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run \`npm run build\` first.`)
  process.exit(1)
}
/** @type {Record<string, { file: string, imports?: string[], dynamicImports?: string[], css?: string[], isEntry?: boolean }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))

/**
 * index.html's classic scripts (public/): the server sends them as they are (no precompressed copy is served
 * outside assets/, and the compression middleware leaves small files alone).
 */
const classicScripts = [
  ...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(
    /<script(?![^>]*type="module")[^>]*src="\/([^"]+)"/g,
  ),
].map((match) => match[1])

const sizes = new Map()
/** Raw and over-the-wire bytes of one built file (relative to dist): its .br copy when the server sends one. */
function sizeOf(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(path.join(dist, file))
    const brFile = path.join(dist, `${file}.br`)
    const br =
      classicScripts.includes(file) || !existsSync(brFile) ? content.length : readFileSync(brFile).length
    sizes.set(file, { raw: content.length, br })
  }
  return sizes.get(file)
}

/** Every JavaScript and CSS file a manifest entry pulls in through static imports, itself included. */
function closure(keys, files = { js: new Set(), css: new Set() }, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest: was it renamed?`)
    if (chunk.file.endsWith('.js')) files.js.add(chunk.file)
    for (const css of chunk.css ?? []) files.css.add(css)
    closure(chunk.imports ?? [], files, seen)
  }
  return files
}

const total = (files) =>
  [...files].reduce(
    (sum, file) => {
      const size = sizeOf(file)
      return { files: sum.files + 1, raw: sum.raw + size.raw, br: sum.br + size.br }
    },
    { files: 0, raw: 0, br: 0 },
  )

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
/** The English texts a screen needs: the base part, and its area's parts (src/web/i18n/index.ts). */
const englishParts = (...parts) =>
  manifest['src/web/i18n/en.json'] // a build from before the texts were split by area
    ? ['src/web/i18n/en.json']
    : ['base', ...parts].map((part) => `src/web/i18n/en.json?part=${part}`)

const areas = {
  vendor: {
    layout: 'src/web/layouts/vendor-area.tsx',
    folder: 'src/web/vendor-area/',
    texts: englishParts('areas'),
  },
  admin: {
    layout: 'src/web/layouts/admin-area.tsx',
    folder: 'src/web/admin-area/',
    texts: englishParts('areas', 'admin'),
  },
}
const needs = (texts, ...screens) => closure([entryKey, ...texts, ...screens])
/** The language question (src/web/components/root-layout.tsx): imported by the first render of a first visit. */
const languageQuestion = 'src/web/components/language-modal.tsx'
const firstVisit = (files) => ({ js: new Set([...classicScripts, ...files.js]), css: files.css })
const routes = [
  {
    route: '/login',
    files: firstVisit(needs(englishParts(), 'src/web/auth/login-page.tsx', languageQuestion)),
  },
  {
    route: '/login (returning visitor)',
    files: firstVisit(needs(englishParts(), 'src/web/auth/login-page.tsx')),
  },
  {
    route: '/vendor',
    files: firstVisit(
      needs(areas.vendor.texts, areas.vendor.layout, `${areas.vendor.folder}dashboard-page.tsx`),
    ),
  },
  {
    route: '/admin',
    files: firstVisit(
      needs(areas.admin.texts, areas.admin.layout, `${areas.admin.folder}dashboard-page.tsx`),
    ),
  },
]

/** Each screen of an area, and what it adds to the area's dashboard when opened from it. */
const screens = []
for (const [area, { layout, folder, texts }] of Object.entries(areas)) {
  const dashboard = needs(texts, layout, `${folder}dashboard-page.tsx`).js
  const screenKeys = Object.keys(manifest).filter(
    (key) => key.startsWith(folder) && /^[^/]+-page\.tsx$/.test(key.slice(folder.length)),
  )
  for (const key of screenKeys) {
    const name = key.slice(folder.length).replace(/\.tsx$/, '')
    const inLayout = !key.endsWith('register-page.tsx')
    const files = inLayout ? needs(texts, layout, key) : needs(texts, key)
    const added = new Set([...files.js].filter((file) => !dashboard.has(file)))
    screens.push({ route: `/${area} ${name}`, whole: total(files.js), added: total(added) })
    // Chunks a screen loads when a part of it opens (the reports' charts).
    for (const lazy of manifest[key].dynamicImports ?? []) {
      const lazyFiles = closure([lazy]).js
      const lazyAdded = new Set([...lazyFiles].filter((file) => !files.js.has(file)))
      screens.push({
        route: `/${area} ${name} + ${path.basename(lazy).replace(/\.tsx$/, '')}`,
        whole: total(new Set([...files.js, ...lazyFiles])),
        added: total(lazyAdded),
      })
    }
  }
}

const allJs = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`)
const baseline = total(allJs)

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const results = routes.map(({ route, files }) => ({ route, js: total(files.js), css: total(files.css) }))

/** The target of the issue: /login at most 150 KB of JavaScript over the wire. */
const LOGIN_TARGET_BYTES = 150 * 1024

if (asJson) {
  console.log(JSON.stringify({ routes: results, screens, baseline }, null, 2))
} else {
  // One line per route (what `npm run bench` keeps in its summary), each against every JavaScript file of the
  // build: what a single-bundle app would send to every screen.
  for (const { route, js, css } of results) {
    const share = ((js.br / baseline.br) * 100).toFixed(0)
    report('bundle-size', {
      what: route.includes('(') ? `${route} JavaScript` : `${route} JavaScript (first visit)`,
      figures:
        `${kb(js.br)} Brotli (${kb(js.raw)} raw) in ${js.files} files, ${share}% of all ${kb(baseline.br)} ` +
        `(${baseline.files} files); CSS ${kb(css.br)}`,
      ...(route === '/login'
        ? { target: `≤ ${kb(LOGIN_TARGET_BYTES)}`, met: js.br <= LOGIN_TARGET_BYTES }
        : {}),
    })
  }
  // Each screen of the areas, whole and beyond its area's dashboard: details, on stderr.
  note('screen                          whole (Brotli / raw)        added to its area dashboard')
  for (const { route, whole, added } of screens) {
    note(
      `${route.padEnd(30)}${kb(whole.br).padStart(9)} / ${kb(whole.raw).padStart(9)}   + ${kb(added.br).padStart(8)} in ${added.files} files`,
    )
  }
}

/**
 * What Chromium really fetches opening /login in a fresh browser (empty cache, no language chosen): the built
 * server (dist/server/main.js) on a fresh data folder, every JavaScript response's body as sent (Brotli where the
 * browser accepts it). The figure the module graph gives above must agree with it.
 */
async function fetchedByBrowser() {
  const { chromium } = await import('@playwright/test')
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-bundle-'))
  const server = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
    cwd: path.dirname(dist),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: 'ignore',
  })
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  try {
    for (let tries = 0; ; tries++) {
      const isUp = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
      if (isUp) break
      if (tries > 600) throw new Error('the built server did not answer within a minute')
      await sleep(100)
    }
    const page = await browser.newPage()
    const fetched = []
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js'))
        fetched.push(request.sizes().then((sizes) => sizes.responseBodySize))
    })
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' })
    // The first visit's question is part of what it fetches: the page is done once it shows.
    await page.getByRole('dialog').waitFor()
    await page.waitForLoadState('networkidle')
    const bodies = await Promise.all(fetched)
    return { files: bodies.length, br: bodies.reduce((sum, bytes) => sum + bytes, 0) }
  } finally {
    await browser.close()
    server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv.includes('--browser')) {
  const fetched = await fetchedByBrowser()
  report('bundle-size', {
    what: '/login JavaScript fetched by Chromium (first visit)',
    figures: `${kb(fetched.br)} over the wire in ${fetched.files} files`,
    target: `≤ ${kb(LOGIN_TARGET_BYTES)}`,
    met: fetched.br <= LOGIN_TARGET_BYTES,
  })
}
