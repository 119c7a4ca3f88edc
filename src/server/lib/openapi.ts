import { createRoute, z, type RouteConfig } from '@hono/zod-openapi'
import { errorBody } from '../../shared/errors'

type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 422 | 429

/** `/{id}` in a route's path: any string (a malformed id is simply not found, 404, never a 500). */
export const idParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
})

type RouteSettings = Omit<RouteConfig, 'method' | 'path'>
type RequestOf<C> = C extends { request: infer Q } ? Q : object

/** A path naming `{id}` reads it with `idParam`: the path says so once, no route repeats it in its request. */
type WithPathParams<P extends string, C extends RouteSettings> = P extends `${string}{id}${string}`
  ? Omit<C, 'request'> & { request: { params: typeof idParam } & RequestOf<C> }
  : C

const withPathParams = <P extends string, C extends RouteSettings>(path: P, config: C) =>
  (path.includes('{id}')
    ? { ...config, request: { params: idParam, ...config.request } }
    : config) as WithPathParams<P, C>

/** `createRoute`, typed by what the route declares (a conditional type the library's own constraint cannot see through). */
const defineRoute = <C extends { method: RouteConfig['method']; path: string }>(config: C) =>
  createRoute(config as never) as unknown as C & { getRoutingPath(): string }

/**
 * One route of the table: `route('get', '/api/vendor/orders', { … })`. The full path stands first, so a search
 * for a URL lands on its route; the types flow on to `AppType` and the browser's typed client.
 */
export const route = <
  const M extends RouteConfig['method'],
  const P extends string,
  const R extends RouteSettings,
>(
  method: M,
  path: P,
  config: R,
) => defineRoute({ ...withPathParams(path, config), method, path })

type RouteGroup = Pick<RouteConfig, 'middleware' | 'tags'> & { errors?: readonly ErrorStatus[] }

/**
 * `route` with settings every route of a group shares: its guard, its tag and the error statuses the guard
 * answers with (`errors`, added to each route's own):
 * `const vendorRoute = routeGroup({ middleware: vendorOnly, tags: ['Vendor orders'], errors: [401, 403, 404] })`.
 */
export const routeGroup = <const G extends RouteGroup>({ errors = [], ...group }: G) => {
  const shared = group as Omit<G, 'errors'>
  return <
    const M extends RouteConfig['method'],
    const P extends string,
    const R extends Omit<RouteSettings, 'middleware' | 'tags'>,
  >(
    method: M,
    path: P,
    config: R,
  ) =>
    defineRoute({
      ...shared,
      ...withPathParams(path, config),
      responses: { ...errorResponses(...errors), ...config.responses } as R['responses'],
      method,
      path,
    })
}

/** Response entries shared by every route's OpenAPI description. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

export const errorResponses = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(
    statuses.map((status) => [status, jsonContent(errorBody, 'Error (see the error model)')]),
  )

/** A route's answers: `schema` with 200, and the error statuses it can give (in the one error shape). */
export const responds = <T extends z.ZodType>(schema: T, description: string, ...errors: ErrorStatus[]) => ({
  200: jsonContent(schema, description),
  ...errorResponses(...errors),
})

/** `responds` for a route that creates something: `schema` with 201. */
export const creates = <T extends z.ZodType>(schema: T, description: string, ...errors: ErrorStatus[]) => ({
  201: jsonContent(schema, description),
  ...errorResponses(...errors),
})

/** `responds` for a CSV download. */
export const respondsCsv = (...errors: ErrorStatus[]) => ({
  200: { content: { 'text/csv': { schema: z.string() } }, description: 'The CSV file' },
  ...errorResponses(...errors),
})

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})
