#!/usr/bin/env node
/**
 * JavaScript each screen needs, over the wire (Brotli) and raw, from the last build (`npm run build`).
 *
 *   npm run bench:bundle                 one line per route; each screen of the areas on stderr
 *   npm run bench:bundle -- --json       the same figures as JSON
 *
 * A route needs the entry (index.html's script) and every chunk it imports statically, which the HTML
 * preloads, plus the chunks its router loads on the way to the screen (the area's layout, the screen, the
 * English text bundle), each with its own static imports, which the app's loader fetches together (Vite's
 * preload list). That is what a browser downloads on a first visit with an empty cache. Sizes are the .br
 * files the build writes (vite.config.ts); a file too small to be precompressed is compressed here the same way.
 * The baseline is every JavaScript file in dist/assets, which is what a single-bundle app would send.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { note, report } from './lib/common.mjs'

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

const sizes = new Map()
/** Raw and Brotli bytes of one built file (relative to dist). */
function sizeOf(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(path.join(dist, file))
    const br = existsSync(path.join(dist, `${file}.br`))
      ? readFileSync(path.join(dist, `${file}.br`)).length
      : brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
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
const routes = [
  { route: '/login', files: needs(englishParts(), 'src/web/auth/login-page.tsx') },
  {
    route: '/vendor',
    files: needs(areas.vendor.texts, areas.vendor.layout, `${areas.vendor.folder}dashboard-page.tsx`),
  },
  {
    route: '/admin',
    files: needs(areas.admin.texts, areas.admin.layout, `${areas.admin.folder}dashboard-page.tsx`),
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
      what: `${route} JavaScript (first visit)`,
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
