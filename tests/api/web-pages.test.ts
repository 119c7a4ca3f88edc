import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { createLogger } from '../../src/server/lib/logger'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let app: ReturnType<typeof createApp>['app']
const webRoots: string[] = []

/** A built web app as `vite build` leaves it: index.html naming the start-up files, and the build manifest. */
function webBuild(manifest: Record<string, unknown> | null) {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'isoko-web-'))
  webRoots.push(webRoot)
  writeFileSync(
    path.join(webRoot, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/framework.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/framework.css">',
      '  </head>',
      '  <body><div id="root"></div></body>',
      '</html>',
    ].join('\n'),
  )
  if (manifest) {
    mkdirSync(path.join(webRoot, '.vite'))
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(manifest))
  }
  return createApp({ config: t.config, database: t.database, logger: createLogger('silent', false), webRoot })
    .app
}

const chunk = (file: string, imports: string[] = [], css: string[] = []) => ({ file, imports, css })
const texts = (language: string, part: string) => ({
  [`src/web/i18n/${language}.json?part=${part}`]: chunk(`assets/${language}-${part}.js`),
})
const manifest = {
  'index.html': { ...chunk('assets/index.js', ['_framework.js'], ['assets/framework.css']), isEntry: true },
  '_framework.js': chunk('assets/framework.js'),
  '_public-ui.js': chunk('assets/public-ui.js', ['_framework.js']),
  'src/web/auth/login-page.tsx': chunk('assets/login-page.js', ['_public-ui.js', '_framework.js']),
  'src/web/components/language-modal.tsx': chunk('assets/language-modal.js', ['_dialog.js']),
  '_dialog.js': chunk('assets/dialog.js', ['_framework.js']),
  'src/web/components/not-found-page.tsx': chunk('assets/not-found-page.js', ['_framework.js']),
  'src/web/layouts/vendor-area.tsx': chunk(
    'assets/vendor-area.js',
    ['_framework.js'],
    ['assets/vendor-area.css'],
  ),
  'src/web/vendor-area/orders-page.tsx': chunk('assets/vendor-orders.js', ['_public-ui.js']),
  'src/web/vendor-area/register-page.tsx': chunk('assets/vendor-register.js'),
  'src/web/auth/support-page.tsx': chunk('assets/support-page.js'),
  ...texts('en', 'base'),
  ...texts('en', 'areas'),
  ...texts('en', 'setup'),
  ...texts('rw', 'base'),
  ...texts('rw', 'areas'),
}

/** The files a page asks the browser to fetch early, in order. */
const preloads = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="(?:modulepreload|preload" as="style)" crossorigin href="\/assets\/([^"]+)">/g,
    ),
  ].map(([, file]) => file)

beforeAll(async () => {
  t = await createTestApp()
  app = webBuild(manifest)
})
afterAll(async () => {
  for (const webRoot of webRoots) rmSync(webRoot, { recursive: true, force: true })
  await t?.close()
})

// A phone on a slow network should fetch everything the screen needs in one go, not import after import.
describe('the page of each screen lists the files it needs', () => {
  it('/login: the sign-in screen, the English words and, on a first visit, the language question', async () => {
    const response = await app.request('/login')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('vary')).toMatch(/cookie/i)
    const html = await response.text()
    // The start-up files stay as Vite wrote them, once; the screen's come after, without the shared ones again.
    expect(html.match(/framework\.js/g)).toHaveLength(1)
    expect(preloads(html)).toEqual([
      'framework.js',
      'login-page.js',
      'public-ui.js',
      'en-base.js',
      'language-modal.js',
      'dialog.js',
    ])
  })

  it('with a language chosen: that language and English, the fallback, and no language question', async () => {
    const rw = await (await app.request('/login', { headers: { cookie: 'a=1; app-language=rw' } })).text()
    expect(rw).toContain('<html lang="rw">')
    expect(preloads(rw)).toEqual([
      'framework.js',
      'login-page.js',
      'public-ui.js',
      'rw-base.js',
      'en-base.js',
    ])
    const en = await (await app.request('/login', { headers: { cookie: 'app-language=en' } })).text()
    expect(en).toContain('<html lang="en">')
    expect(preloads(en)).toEqual(['framework.js', 'login-page.js', 'public-ui.js', 'en-base.js'])
    // A language Isoko does not have counts as no choice.
    const other = await (await app.request('/login', { headers: { cookie: 'app-language=fr' } })).text()
    expect(preloads(other)).toContain('language-modal.js')
  })

  it('an area screen: the layout, the screen, its styles and the areas’ words', async () => {
    const cookie = 'app-language=en'
    const html = await (await app.request('/vendor/orders', { headers: { cookie } })).text()
    expect(preloads(html)).toEqual([
      'framework.js',
      'vendor-area.js',
      'vendor-orders.js',
      'public-ui.js',
      'en-base.js',
      'en-areas.js',
      'vendor-area.css',
    ])
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/vendor-area.css">')
    // The registration wizard stands outside the layout.
    const wizard = await (await app.request('/vendor/register', { headers: { cookie } })).text()
    expect(preloads(wizard)).toEqual(['framework.js', 'vendor-register.js', 'en-base.js', 'en-areas.js'])
    // A public screen with words of its own.
    const support = await (await app.request('/support', { headers: { cookie } })).text()
    expect(preloads(support)).toEqual(['framework.js', 'support-page.js', 'en-base.js', 'en-setup.js'])
  })

  it('an unknown address: the not-found screen; `/`: the words only, until the session says where to go', async () => {
    const cookie = 'app-language=en'
    for (const pathname of ['/no-such-page', '/vendor/no-such-page', '/vendor/orders/extra']) {
      const html = await (await app.request(pathname, { headers: { cookie } })).text()
      expect(preloads(html), pathname).toEqual(['framework.js', 'not-found-page.js', 'en-base.js'])
    }
    const home = await (await app.request('/', { headers: { cookie } })).text()
    expect(preloads(home)).toEqual(['framework.js', 'en-base.js'])
  })

  it('a build without a manifest is served as it is', async () => {
    const plain = webBuild(null)
    const html = await (await plain.request('/login')).text()
    expect(preloads(html)).toEqual(['framework.js'])
    expect(html).toContain('<html lang="en">')
  })
})
