import { createRoute, z, type RouteConfig } from '@hono/zod-openapi'
import { errorBody } from '../../shared/errors'

/**
 * One route of the table: `route('get', '/api/vendor/orders', { … })`. The full path stands first, so a search
 * for a URL lands on its route; the types flow on to `AppType` and the browser's typed client.
 */
export const route = <
  const M extends RouteConfig['method'],
  const P extends string,
  const R extends Omit<RouteConfig, 'method' | 'path'>,
>(
  method: M,
  path: P,
  config: R,
) => createRoute({ ...config, method, path })

/**
 * `route` with settings every route of a group shares (its guard and its tag):
 * `const vendorRoute = routeGroup({ middleware: vendorOnly, tags: ['Vendor orders'] })`.
 */
export const routeGroup =
  <const G extends Pick<RouteConfig, 'middleware' | 'tags'>>(group: G) =>
  <
    const M extends RouteConfig['method'],
    const P extends string,
    const R extends Omit<RouteConfig, 'method' | 'path' | 'middleware' | 'tags'>,
  >(
    method: M,
    path: P,
    config: R,
  ) =>
    createRoute({ ...group, ...config, method, path })

/** Response entries shared by every route's OpenAPI description. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 422 | 429

export const errorResponses = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(
    statuses.map((status) => [status, jsonContent(errorBody, 'Error (see the error model)')]),
  )

/** A route's answers: `schema` with 200, and the error statuses it can give (in the one error shape). */
export const responds = <T extends z.ZodType>(schema: T, description: string, ...errors: ErrorStatus[]) => ({
  200: jsonContent(schema, description),
  ...errorResponses(...errors),
})

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})

/** `/{id}` in a route's path: any string (a malformed id is simply not found, 404, never a 500). */
export const idParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
})
