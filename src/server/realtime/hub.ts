import { realtimeTopics, type RealtimeEvent, type RealtimeTopic } from '../../shared/schemas/message'
import type { Database } from '../db/client'
import type { Logger } from '../lib/logger'
import { EVENTS_CHANNEL, SESSIONS_CHANNEL, type ChangeEvent } from './events'

/** Who is connected: resolved once at connect, so an open stream needs no database connection. */
export type Audience =
  { role: 'admin'; userId: string } | { role: 'vendor'; userId: string; vendorId: string | null }

/** A vendor sees their own vendor's changes and changes addressed to them; admins see everything. */
export function isVisibleTo(event: ChangeEvent, audience: Audience): boolean {
  if (audience.role === 'admin') return true
  return (
    (event.vendorId !== undefined && event.vendorId === audience.vendorId) ||
    (event.userId !== undefined && event.userId === audience.userId)
  )
}

function parseEvent(payload: string): ChangeEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<ChangeEvent>
    if (!realtimeTopics.includes(value?.topic as RealtimeTopic)) return undefined
    const text = (field: unknown) => (typeof field === 'string' ? field : undefined)
    const topic = value.topic as RealtimeTopic
    return { topic, vendorId: text(value.vendorId), userId: text(value.userId), id: text(value.id) }
  } catch {
    return undefined
  }
}

export type Subscriber = {
  audience: Audience
  send: (event: RealtimeEvent) => void
  /** Ends the subscriber's stream (the hub is closing). */
  end: () => void
  /** Sessions of the subscriber's user ended somewhere: the stream checks its own again. */
  recheck?: () => void
}

/**
 * The process's fan-out: one LISTEN on the database, any number of SSE streams in memory. LISTEN (on the changes and on ended sessions)
 * starts with the first subscriber (a process nobody watches never listens) and stops with close().
 */
export function createRealtimeHub(database: Pick<Database, 'listen'>, logger: Logger) {
  const subscribers = new Set<Subscriber>()
  let started: Promise<void> | undefined
  let unlisten: (() => Promise<void>) | undefined
  let isClosed = false

  function deliver(event: ChangeEvent) {
    // Only topic and id leave the server: who else is concerned is not the browser's business.
    const outgoing: RealtimeEvent = event.id ? { topic: event.topic, id: event.id } : { topic: event.topic }
    for (const subscriber of subscribers) {
      if (isVisibleTo(event, subscriber.audience)) subscriber.send(outgoing)
    }
  }

  /** After the LISTEN connection came back, events may have been missed: every screen refetches. */
  function resync() {
    for (const subscriber of subscribers) for (const topic of realtimeTopics) subscriber.send({ topic })
  }

  return {
    /** Starts listening (once). On PostgreSQL a failed first connection keeps retrying in the background. */
    start(): Promise<void> {
      if (isClosed) return Promise.resolve()
      started ??= database
        .listen(
          EVENTS_CHANNEL,
          (payload) => {
            const event = parseEvent(payload)
            if (event) deliver(event)
            else logger.warn({ payload }, 'realtime: ignored a malformed event')
          },
          () => {
            logger.warn('realtime: listening again after the connection dropped; clients refetch')
            resync()
          },
        )
        .then(async (stop) => {
          const stopSessions = await database.listen(SESSIONS_CHANNEL, (userId) => {
            for (const subscriber of subscribers)
              if (subscriber.audience.userId === userId) subscriber.recheck?.()
          })
          unlisten = async () => {
            await Promise.all([stop(), stopSessions()])
          }
        })
        .catch((error: unknown) => {
          started = undefined
          throw error
        })
      return started
    },
    subscribe(subscriber: Subscriber): () => void {
      // A stream opened while the server shuts down ends at once; the browser reconnects to another process.
      if (isClosed) {
        subscriber.end()
        return () => {}
      }
      subscribers.add(subscriber)
      return () => {
        subscribers.delete(subscriber)
      }
    },
    /** Connected streams, for tests and health. */
    get size() {
      return subscribers.size
    },
    /** Stops listening and ends every open stream (a server cannot shut down while streams stay open). */
    async close() {
      isClosed = true
      for (const subscriber of subscribers) subscriber.end()
      subscribers.clear()
      await started?.catch(() => {})
      await unlisten?.()
      unlisten = undefined
    },
  }
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>
