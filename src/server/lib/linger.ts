import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { Context } from 'hono'

/** How long a refused body's sender is read after the answer: this long without a byte, or this long in all. */
const LINGER_IDLE_MS = 2_000
const LINGER_MAX_MS = 10_000

/**
 * A lingering close, as nginx does it, for an answer sent before its request's body was read (a body refused
 * for its size). Node closes such a connection as soon as the answer is written; a client still sending then
 * meets a reset, and some (Node's own fetch among them) report a broken connection instead of the answer they
 * had already been sent. Here the answer goes, then our side of the connection is shut (the client reads the
 * end of the answer), and what the client still sends is read and dropped until it stops, pauses, or the time
 * runs out; only then is the connection closed.
 *
 * `incoming` is the Node request behind the answer (`c.env.incoming` under @hono/node-server); without one (a
 * request made in-process, as the tests' `app.request`) there is no connection to keep.
 */
export function lingerBeforeClosing(incoming: IncomingMessage | undefined): void {
  const socket = incoming?.socket as (Socket & { destroySoon?: () => void }) | undefined
  if (!incoming || !socket || socket.destroyed) return
  let isLingering = false
  // Node ends a `Connection: close` answer's socket with destroySoon() once the answer is written.
  socket.destroySoon = () => {
    if (isLingering) return
    isLingering = true
    socket.end()
    const close = () => socket.destroy()
    let idle = setTimeout(close, LINGER_IDLE_MS).unref()
    const limit = setTimeout(close, LINGER_MAX_MS).unref()
    // The body's bytes reach the request (Node's parser reads the socket): read them there, and drop them. The
    // answer is written, so whatever was reading the body for it (a stream that stops taking data once full,
    // and holds the request paused) is let go first.
    incoming.removeAllListeners('data')
    incoming.removeAllListeners('readable')
    incoming.on('data', () => {
      clearTimeout(idle)
      idle = setTimeout(close, LINGER_IDLE_MS).unref()
    })
    // The whole body has come: nothing more is on its way, so closing now resets nothing.
    incoming.once('end', close)
    socket.once('end', close)
    socket.once('close', () => {
      clearTimeout(idle)
      clearTimeout(limit)
    })
    incoming.resume()
  }
}

/**
 * After an answer: when it went before its request's body had all arrived (an upload refused for its size, or
 * without a session, before a byte of the file was read), the rest of that body is still on its way. Keeping
 * the connection for another request would read those bytes as the next request, and closing it at once breaks
 * the client mid-send. Say `Connection: close` and linger instead, so the client reads this answer and opens a
 * new connection for its next request.
 */
export function closeAfterUnreadBody(c: Context): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming || incoming.complete) return
  c.res.headers.set('Connection', 'close')
  lingerBeforeClosing(incoming)
}
