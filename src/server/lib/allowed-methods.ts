/** A route of the router's table, as Hono lists it (`app.routes`). */
type RouteEntry = { method: string; path: string }

/** `/api/vendor/products/:id` (with or without a `{regex}` after the name) as a pattern over request paths. */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^$()[\]\\|]/g, '\\$&').replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, '[^/]+')}$`)

/**
 * The methods a request path has among `routes` (read when first asked, once every route is in the table):
 * what a 405's Allow header lists. Catch-alls (`*`) and middleware (`ALL`) name no method of their own; a path
 * with GET answers HEAD too.
 */
export function allowedMethods(routes: () => readonly RouteEntry[]) {
  let table: Array<{ pattern: RegExp; methods: Set<string> }> | undefined
  const build = () => {
    const byPath = new Map<string, Set<string>>()
    for (const { method, path } of routes()) {
      if (method === 'ALL' || path.includes('*')) continue
      byPath.set(path, (byPath.get(path) ?? new Set()).add(method))
    }
    return [...byPath].map(([path, methods]) => ({ pattern: pathPattern(path), methods }))
  }
  return (path: string): string[] => {
    table ??= build()
    const methods = new Set<string>()
    for (const entry of table) {
      if (!entry.pattern.test(path)) continue
      for (const method of entry.methods) {
        methods.add(method)
        if (method === 'GET') methods.add('HEAD')
      }
    }
    return [...methods]
  }
}
