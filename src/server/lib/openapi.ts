import { createRoute, z, type RouteConfig } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { errorBody } from '../../shared/errors'
import { okResponse } from '../../shared/schemas/auth'
import { csvDownload, type CsvExport } from './csv'
import type { Env } from './http'

type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503

/** The guards that need a session (auth/guards.ts marks each it makes): a route using one documents the cookie. */
const sessionGuards = new WeakSet<object>()

/** Marks `middleware` as needing the session cookie, so the routes using it say so in their OpenAPI entry. */
export const markSessionGuard = <M extends object>(middleware: M): M => {
  sessionGuards.add(middleware)
  return middleware
}

const isSessionGuard = (middleware: unknown) =>
  typeof middleware === 'function' && sessionGuards.has(middleware)

/** The session cookie's security scheme, declared with the document (app.ts). */
export const SESSION_SCHEME = 'session'
/** An operation that needs the session cookie. */
export const sessionRequired: Array<Record<string, string[]>> = [{ [SESSION_SCHEME]: [] }]
/** An operation that answers anyone and reads the session when there is one (a private file, the session itself). */
export const sessionOptional: Array<Record<string, string[]>> = [{}, { [SESSION_SCHEME]: [] }]

/**
 * `operationId` from the method and the path, so every operation has a stable, unique name without each route
 * repeating one: `get /api/admin/products/{id}` is `getAdminProductsById`.
 */
export const operationIdOf = (method: string, path: string) => {
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
  const segments = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
  const words = segments.map((segment) =>
    segment.startsWith('{')
      ? `By${capital(segment.slice(1, -1))}`
      : segment
          .split(/[^a-zA-Z0-9]+/)
          .map(capital)
          .join(''),
  )
  return `${method.toLowerCase()}${words.join('')}`
}

/** `/{id}` in a route's path: any string (a malformed id is simply not found, 404, never a 500). */
export const idParam = z.object({
  id: z.string().openapi({
    param: { name: 'id', in: 'path' },
    description: 'The id (a uuid). An unknown or malformed id, or one outside your scope, answers 404.',
  }),
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

/** What every state-changing request may also meet: the CSRF guard refuses a form posted from another site. */
const changeErrors = (method: string) => (method === 'get' ? {} : errorResponses(403))

/**
 * `createRoute`, typed by what the route declares (a conditional type the library's own constraint cannot see
 * through). What every route's OpenAPI entry shares is added here, once: its operationId, its security (the
 * session cookie when the route uses a `guard`; none otherwise, unless the route says), the CSRF guard's 403 on
 * a change, and 503 while the database is unreachable.
 */
const defineRoute = <C extends { method: RouteConfig['method']; path: string }>(config: C) => {
  const { middleware, responses } = config as Partial<RouteConfig>
  const documented = {
    operationId: operationIdOf(config.method, config.path),
    security: [middleware ?? []].flat().some(isSessionGuard) ? sessionRequired : [],
    ...config,
    responses: { ...changeErrors(config.method), ...errorResponses(503), ...responses },
  }
  return createRoute(documented as never) as unknown as C & { getRoutingPath(): string }
}

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

type RouteGroup<S> = Pick<RouteConfig, 'middleware' | 'tags'> & {
  errors?: readonly ErrorStatus[]
  /** Whose view the group's reads take: the scope a route's service call gets (none for public routes). */
  scope?: (c: Context<Env>) => S
}

/** A query string's schema, as a route's `request.query` takes it. */
type QuerySchema = NonNullable<NonNullable<RouteConfig['request']>['query']>

/** What a read taking its filters from the query string says of itself. */
type QueryRead<Q extends QuerySchema> = Pick<RouteSettings, 'summary' | 'description'> & { query: Q }

/** What a read's handler is given: the validated query string. */
type QueryContext<Q extends QuerySchema> = Context<Env, string, { out: { query: z.output<Q> } }>

/** A change's answers: the changed row with 200, and the errors the change itself can give. */
type ChangeResponses = { 200: { content: { 'application/json': { schema: z.ZodType } } } }
/** The changed row, as the change's 200 answer describes it. */
type ChangedRow<R extends ChangeResponses> = z.output<R[200]['content']['application/json']['schema']>

/** What a change to one row says of itself: its body's schema and its answers. */
type ChangeSettings<B extends z.ZodType, R extends ChangeResponses> = Pick<
  RouteSettings,
  'summary' | 'description'
> & {
  body: B
  responses: R
}

/** What an action says of itself: its body's schema and its answer (a description, then the error statuses). */
type ActionSettings<B extends z.ZodType> = Pick<RouteSettings, 'summary' | 'description'> & {
  body: B
  answer: [description: string, ...errors: ErrorStatus[]]
}

/** What a deletion says of itself: its answer (a description, then the errors the deletion itself can give). */
type DeletionSettings = Pick<RouteSettings, 'summary' | 'description'> & {
  answer: [description: string, ...errors: ErrorStatus[]]
}

/** What an action's handler is given: the validated body. */
type BodyContext<B extends z.ZodType> = Context<Env, string, { out: { json: z.output<B> } }>

/** What a deletion's handler is given: the row's id. */
type IdContext = Context<Env, string, { out: { param: { id: string } } }>

/** What a change's handler is given: the row's id and the validated body. */
type ChangeContext<B extends z.ZodType> = Context<
  Env,
  string,
  { out: { param: { id: string }; json: z.output<B> } }
>

/**
 * A read's route with its handler, typed as `.openapi` types a handler written in place (its input and path from
 * the route), so the typed client sees the route as if it were written out.
 */
const withHandler = <R>(route: R, handler: (c: never) => Promise<Response>) =>
  [route, handler as never] as const

/** The scope of a group that has none (its routes answer anyone). */
const noScope = () => undefined

/**
 * `route` with settings every route of a group shares: its guard, its tag, the error statuses the guard
 * answers with (`errors`, added to each route's own) and the scope its reads take:
 * `const vendorRoute = routeGroup({ middleware: vendorOnly, tags: ['Vendor orders'], errors: [401, 403, 404], scope: vendorScope })`.
 * Two reads every list screen has are declared whole: `vendorRoute.list` (a page of rows by the query's filters)
 * and `adminRoute.csv` (the same filters as a CSV download); so are a `change` to a row, an `action` and a
 * `deletion`. Each gives `.openapi` its route and its handler.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any scope: each group's own is read back as S
export const routeGroup = <const G extends RouteGroup<any>>({
  errors = [],
  scope = noScope,
  ...group
}: G) => {
  type S = G extends { scope: (c: Context<Env>) => infer T } ? T : undefined
  const shared = group as Omit<G, 'errors' | 'scope'>
  const groupRoute = <
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
  /** A page of rows by the query's filters, in the group's scope: 200 with `schema`, 422 for refused filters. */
  const list = <const P extends string, Q extends QuerySchema, T extends z.ZodType>(
    path: P,
    { query, ...settings }: QueryRead<Q>,
    answer: [schema: T, description: string],
    read: (scope: S, query: z.output<Q>) => Promise<z.output<T>>,
  ) =>
    withHandler(
      groupRoute('get', path, { ...settings, request: { query }, responses: responds(...answer, 422) }),
      async (c: QueryContext<Q>) => c.json(await read(scope(c), c.req.valid('query')), 200),
    )
  /** The same filters' rows as a CSV download (`subject` names the export in the log if it stops part way). */
  const csv = <const P extends string, Q extends QuerySchema>(
    path: P,
    { query, ...settings }: QueryRead<Q>,
    subject: string,
    read: (scope: S, query: z.output<Q>) => CsvExport | Promise<CsvExport>,
  ) =>
    withHandler(
      groupRoute('get', path, { ...settings, request: { query }, responses: respondsCsv(422) }),
      async (c: QueryContext<Q>) => csvDownload(c, await read(scope(c), c.req.valid('query')), subject),
    )
  /**
   * A change to the row `{id}` names, with a JSON body, answering the changed row with 200 (`responses` lists the
   * errors the change itself can give); the row is looked up in the group's scope, so another shop's is 404.
   */
  const change = <
    const M extends 'put' | 'patch' | 'post',
    const P extends `${string}{id}${string}`,
    B extends z.ZodType,
    const R extends ChangeResponses,
  >(
    method: M,
    path: P,
    { body, ...settings }: ChangeSettings<B, R>,
    act: (scope: S, id: string, input: z.output<B>) => Promise<ChangedRow<R>>,
  ) =>
    withHandler(
      groupRoute(method, path, { ...settings, request: jsonBody(body) }),
      async (c: ChangeContext<B>) =>
        c.json(await act(scope(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
  /**
   * A request that does something and has nothing to show for it (a mail sent, an address confirmed): its JSON
   * body, and `{ ok: true }` with 200 once `act` is done (`answer`: that answer's description, then the errors).
   */
  const action = <const P extends string, B extends z.ZodType>(
    path: P,
    { body, answer: [description, ...errors], ...settings }: ActionSettings<B>,
    act: (input: z.output<B>, c: Context<Env>) => Promise<unknown>,
  ) =>
    withHandler(
      groupRoute('post', path, {
        ...settings,
        request: jsonBody(body),
        responses: responds(okResponse, description, ...errors),
      }),
      async (c: BodyContext<B>) => {
        await act(c.req.valid('json'), c)
        return c.json({ ok: true as const }, 200)
      },
    )
  /**
   * The deletion of the row `{id}` names, looked up in the group's scope (another shop's is 404), answering
   * `{ ok: true }` with 200 once `act` is done (`answer`: that answer's description, then the errors).
   */
  const deletion = <const P extends `${string}{id}${string}`>(
    path: P,
    { answer: [description, ...errors], ...settings }: DeletionSettings,
    act: (scope: S, id: string) => Promise<unknown>,
  ) =>
    withHandler(
      groupRoute('delete', path, { ...settings, responses: responds(okResponse, description, ...errors) }),
      async (c: IdContext) => {
        await act(scope(c), c.req.valid('param').id)
        return c.json({ ok: true as const }, 200)
      },
    )
  return Object.assign(groupRoute, { list, csv, change, action, deletion })
}

/** Response entries shared by every route's OpenAPI description. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

/** The one error shape, named: every error response refers to it (the server's zod adds `.openapi`). */
const errorSchema = z.object(errorBody.shape).openapi('Error')

const errorDescriptions: Record<ErrorStatus, string> = {
  401: 'Not signed in (errors.unauthenticated)',
  403: 'Forbidden: another role, a rejected vendor changing something, or a form posted from another site',
  404: 'Not found (also what another vendor’s record answers)',
  409: 'In conflict with the current state',
  413: 'Too large',
  422: 'Refused input: `messageKey` says why, `fields` names each refused field with its message key',
  429: 'Too many attempts for now: `params.seconds` says how long to wait',
  503: 'The database cannot be reached for now: try again after `Retry-After` seconds',
}

export const errorResponses = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(statuses.map((status) => [status, jsonContent(errorSchema, errorDescriptions[status])]))

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

/**
 * A multipart form's file, as the document shows it (a binary string): `error` is the message key (or the
 * function choosing one) when the part is missing or is no file.
 */
export const fileField = (error: string | ((issue: { input?: unknown }) => string), description: string) =>
  z
    .custom<File>((value) => value instanceof Blob, { error })
    .openapi({ type: 'string', format: 'binary', description })

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})
