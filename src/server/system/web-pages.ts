import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { languageCookie, languages, type Language } from '../../shared/constants'

/**
 * The built app's index.html for each screen, listing the files that screen needs so that the browser fetches
 * them all at once, with the start-up code, instead of discovering them one import after another. Vite's HTML
 * names only the start-up code; which chunks a screen needs comes from the build manifest
 * (dist/.vite/manifest.json) and the router's layout (src/web/router.tsx), by the conventions below.
 */

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>

/** Screens of an area that stand outside its layout (the registration wizard: there is no shop yet). */
const outsideLayout = new Set(['src/web/vendor-area/register-page.tsx'])
/** Public screens whose words are in the `setup` part of the texts (src/web/router.tsx, `texts`). */
const setupScreens = new Set(['debug', 'setup-google', 'setup-admin', 'setup-invitation', 'support'])
/** Admin screens that also show words of the `setup` part: the team's, shared with the invitation's page. */
const adminSetupScreens = new Set(['team'])
const notFoundScreen = 'src/web/components/not-found-page.tsx'
const languageQuestion = 'src/web/components/language-modal.tsx'

/**
 * The modules the router loads for a path, and the parts of the texts they show. `/login` is
 * src/web/auth/login-page.tsx, `/auth/callback` auth-callback-page.tsx; `/vendor/orders` is the vendor layout and
 * src/web/vendor-area/orders-page.tsx, `/vendor` its dashboard-page.tsx; likewise under /admin.
 */
export function screenModules(pathname: string): { modules: string[]; texts: string[] } {
  const segments = pathname.split('/').filter(Boolean)
  const [first, second, ...rest] = segments
  if (!first) return { modules: [], texts: [] } // `/` sends on to a screen once the session is known
  if ((first === 'vendor' || first === 'admin') && rest.length === 0) {
    const layout = `src/web/layouts/${first}-area.tsx`
    const screen = `src/web/${first}-area/${second ?? 'dashboard'}-page.tsx`
    const texts =
      first === 'admin'
        ? ['areas', 'admin', ...(adminSetupScreens.has(second ?? '') ? ['setup'] : [])]
        : ['areas']
    return { modules: outsideLayout.has(screen) ? [screen] : [layout, screen], texts }
  }
  const name = segments.join('-')
  return { modules: [`src/web/auth/${name}-page.tsx`], texts: setupScreens.has(name) ? ['setup'] : [] }
}

/** The language a request's page will show: the one chosen before (a cookie the app sets), else English. */
function requestLanguage(cookieHeader: string | undefined): { language: Language; isChosen: boolean } {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === languageCookie && languages.includes(value as Language))
      return { language: value as Language, isChosen: true }
  }
  return { language: 'en', isChosen: false }
}

export type WebPages = {
  /** index.html for a screen's path, for a browser sending `cookieHeader`. */
  html(pathname: string, cookieHeader: string | undefined): string
}

export function loadWebPages(webRoot: string): WebPages {
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8')
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json')
  // A build without a manifest (or a hand-made web root) is served as it is.
  if (!existsSync(manifestFile)) return { html: () => indexHtml }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)

  /** Every file the chunks of `keys` need through static imports (the browser's own chain of imports). */
  const closure = (keys: string[], files = { js: new Set<string>(), css: new Set<string>() }) => {
    for (const key of keys) {
      const chunk = manifest[key]
      if (!chunk || files.js.has(chunk.file)) continue
      files.js.add(chunk.file)
      for (const css of chunk.css ?? []) files.css.add(css)
      closure(chunk.imports ?? [], files)
    }
    return files
  }
  const startUp = entry ? closure([Object.keys(manifest).find((key) => manifest[key] === entry)!]) : null

  const pages = new Map<string, string>()
  return {
    html(pathname, cookieHeader) {
      if (!startUp) return indexHtml
      const { language, isChosen } = requestLanguage(cookieHeader)
      const known = screenModules(pathname)
      const screen = known.modules.every((module) => manifest[module])
        ? known
        : { modules: [notFoundScreen], texts: [] }
      // English is the fallback of every other language, so i18next fetches it too.
      const textLanguages = [...new Set([language, 'en'])]
      const texts = textLanguages.flatMap((code) =>
        ['base', ...screen.texts].map((part) => `src/web/i18n/${code}.json?part=${part}`),
      )
      const keys = [...screen.modules, ...texts, ...(isChosen ? [] : [languageQuestion])]
      const cacheKey = keys.join(' ')
      const cached = pages.get(cacheKey)
      if (cached) return cached

      const needed = closure(keys)
      const links = [
        ...[...needed.js]
          .filter((file) => !startUp.js.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        // Fetched early, applied when the screen's code asks for it (Vite's loader adds the stylesheet then).
        ...[...needed.css]
          .filter((file) => !startUp.css.has(file))
          .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ]
      const page = indexHtml
        .replace(/<html lang="[a-z-]*"/, `<html lang="${language}"`)
        .replace(/\n?\s*<\/head>/, `${links.map((link) => `\n    ${link}`).join('')}\n  </head>`)
      pages.set(cacheKey, page)
      return page
    },
  }
}
