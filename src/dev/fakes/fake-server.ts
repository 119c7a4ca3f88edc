import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the fakes' HTTP servers share: reading a request's body, and listening on 127.0.0.1. */

/** The largest body a fake reads: a client sending more is cut off (no provider takes a request that size). */
const maxBodyBytes = 64 * 1024

/** Calls `then` with the request's body as text once it has all come; past maxBodyBytes the request is destroyed. */
export function readBody(request: IncomingMessage, then: (body: string) => void) {
  const chunks: Buffer[] = []
  let size = 0
  request.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > maxBodyBytes) request.destroy()
    else chunks.push(chunk)
  })
  request.on('end', () => then(Buffer.concat(chunks).toString('utf8')))
}

/**
 * Starts `server` on 127.0.0.1 at `port` (0: any free port) and gives its URL; a port in use rejects.
 *
 * An idle connection is kept longer than a client keeps it (Node's fetch lets one go after 4 s), as providers'
 * servers do: with Node's 5 s, a client whose process was busy past both times could send its next request on a
 * connection the fake had just closed, and read ECONNRESET instead of the answer.
 */
export async function listenLocally(server: Server, port = 0): Promise<string> {
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
