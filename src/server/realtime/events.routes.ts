import { streamSSE } from 'hono/streaming'
import { EVENTS_URL } from '../../shared/schemas/message'
import { createRouter } from '../lib/http'
import { getActor, isSessionLive } from '../auth/actor'
import { signedIn } from '../auth/guards'
import type { Deps } from '../deps'
import type { RequestActor } from '../lib/scope'
import { errorResponses, operationIdOf, sessionRequired } from '../lib/openapi'
import type { Audience, RealtimeHub } from './hub'

/** The stream's address (its one constant, shared with the browser). */
const EVENTS_PATH = EVENTS_URL

/** Proxies drop connections silent for about a minute; a comment line every 25 s keeps the stream open. */
export const HEARTBEAT_MS = 25_000
/** A client that stopped reading is dropped past this many unsent lines; its EventSource reconnects. */
const MAX_QUEUED_WRITES = 200
/**
 * A stream checks its session this often, besides when one of its user's sessions is announced ended: a
 * session that ended where no announcement reached this process (deleted by hand, another cluster) stops here.
 */
export const SESSION_CHECK_MS = 60_000
/** How long a browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000

/** Who a stream may tell about what: from the actor resolved for this request, no second lookup. */
function audienceOf(actor: RequestActor): Audience {
  if (actor.role === 'admin') return { role: 'admin', userId: actor.userId }
  return { role: 'vendor', userId: actor.userId, vendorId: actor.vendor?.id ?? null }
}

/**
 * GET /api/events: Server-Sent Events, `event: change` with `{ topic, id? }`, only for changes the user may
 * see. The user and their vendor are read once here; the open stream then waits on the hub in memory and
 * holds no database connection (PGlite has exactly one; docs/architecture.md).
 */
export function eventRoutes(
  deps: Deps,
  hub: RealtimeHub,
  options: { heartbeatMs?: number; sessionCheckMs?: number } = {},
) {
  const router = createRouter()
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS

  router.get(EVENTS_PATH, async (c) => {
    // Resolved by the app's middleware (getActor reads it back); resolved here when the router stands alone.
    await getActor(c, deps)
    const audience = audienceOf(signedIn(c))
    await hub.start()
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      let finish!: () => void
      const finished = new Promise<void>((resolve) => {
        finish = resolve
      })
      // Writes wait until the client reads; queue them so one slow client never holds up the fan-out.
      let queued = 0
      let chain: Promise<unknown> = Promise.resolve()
      const write = (text: string) => {
        if (queued >= MAX_QUEUED_WRITES) return finish()
        queued += 1
        chain = chain
          .then(() => stream.write(text))
          .finally(() => {
            queued -= 1
          })
      }
      // Signed out or reset elsewhere: the same cookie gets 401 everywhere, so its stream ends too.
      let checking = false
      const recheck = async () => {
        if (checking) return
        checking = true
        try {
          if (!(await isSessionLive(deps, c.req.raw.headers))) finish()
        } catch (error) {
          c.var.logger?.warn({ err: error }, 'realtime: could not check a stream’s session')
        } finally {
          checking = false
        }
      }
      const unsubscribe = hub.subscribe({
        audience,
        send: (event) => write(`event: change\ndata: ${JSON.stringify(event)}\n\n`),
        end: finish,
        recheck: () => void recheck(),
      })
      stream.onAbort(finish)
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs)
      const sessionCheck = setInterval(() => void recheck(), sessionCheckMs)
      write(`retry: ${RETRY_MS}\n: connected\n\n`)
      try {
        await finished
      } finally {
        clearInterval(heartbeat)
        clearInterval(sessionCheck)
        unsubscribe()
      }
    })
  })

  router.openAPIRegistry.registerPath({
    method: 'get',
    path: EVENTS_PATH,
    operationId: operationIdOf('get', EVENTS_PATH),
    security: sessionRequired,
    tags: ['Realtime'],
    summary: 'Server-Sent Events: which data changed, for the signed-in user',
    description:
      'A text/event-stream. Each change the user may see (a vendor: their own shop and messages addressed to ' +
      'them; an admin: everything) arrives as `event: change` with `data: {"topic": "products" | "orders" | ' +
      '"payouts" | "messages" | "vendors", "id"?: string}`; the screen refetches that topic. A comment line ' +
      `is sent every ${HEARTBEAT_MS / 1000} s. After a lost server-side connection to the database every topic is sent once.`,
    responses: {
      200: {
        description: 'The event stream',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
      ...errorResponses(401, 503),
    },
  })

  return router
}
