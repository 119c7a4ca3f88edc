import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { screenModules } from '../../src/server/system/web-pages'
import { paths } from '../../src/web/paths'

const root = path.resolve(import.meta.dirname, '../..')
const router = readFileSync(path.join(root, 'src/web/router.tsx'), 'utf8')

/** Each screen the router loads, as `src/web/…` with the text parts it names (`texts: [...]`), if any. */
const routerScreens = new Map(
  [...router.matchAll(/import\('\.\/([^']+)'\)(?:\)|,\s*\{([^}]*)\})/g)].map(([, module, options]) => [
    `src/web/${module}.tsx`,
    /texts:\s*\[([^\]]*)\]/.exec(options ?? '')?.[1]?.match(/\w+/g) ?? [],
  ]),
)

const everyPath = Object.values(paths).flatMap((value) =>
  typeof value === 'string' ? [value] : Object.values(value),
)

// The server lists each screen's files in the page it sends by the router's conventions: a drift would only
// slow a page down, silently, so the conventions are checked against the router itself.
describe('the server knows which files each screen loads', () => {
  it.each(everyPath)('%s', (pathname) => {
    const { modules, texts } = screenModules(pathname)
    for (const module of modules) {
      expect(existsSync(path.join(root, module)), `${module} exists`).toBe(true)
      expect(routerScreens.has(module), `the router loads ${module}`).toBe(true)
    }
    if (pathname === paths.home) expect(modules).toEqual([])
    else expect(modules.length).toBeGreaterThan(0)
    // The texts the router loads with a public screen; an area's come with its layout (or the wizard).
    if (pathname.startsWith('/vendor')) expect(texts).toEqual(['areas'])
    else if (pathname.startsWith('/admin'))
      expect(texts).toEqual(['areas', 'admin', ...(routerScreens.get(modules.at(-1)!) ?? [])])
    else for (const module of modules) expect(texts).toEqual(routerScreens.get(module))
  })

  it('covers every screen the router loads', () => {
    const covered = new Set(everyPath.flatMap((pathname) => screenModules(pathname).modules))
    const lazyPieces = ['src/web/components/not-found-page.tsx']
    expect([...routerScreens.keys()].filter((module) => !covered.has(module))).toEqual(lazyPieces)
  })
})
