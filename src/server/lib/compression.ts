import { Duplex } from 'node:stream'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress'

/** Below this, compressing saves less than it costs (and than the headers weigh): sent as it is. */
export const COMPRESSION_MIN_BYTES = 1024

export type Encoding = 'br' | 'gzip'

// Cheap levels: on a page of 50 products (about 50 KB of JSON) Brotli at quality 1 is smaller than gzip at
// its default level 6 for a third of gzip 6's time, and quality 11 (what the built screens get, once, at
// build time) takes a hundred times longer for 15 % fewer bytes. gzip level 1 is for clients without Brotli.
const BROTLI_QUALITY = 1
const GZIP_LEVEL = 1

const brotliOptions = (sizeHint: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
  },
})
const gzipOptions: zlib.ZlibOptions = { level: GZIP_LEVEL }

// A large answer is compressed on libuv's thread pool, off the thread that answers requests; a small one on that
// thread, at once: handing a body to the pool and back costs about 250 µs of CPU whatever its size, more than
// Brotli 1 takes on 16 KB (measured on this 2-core machine: 2.4 KB in 22 µs on the thread against 140 µs by
// the pool; 16 KB 72 against 314 µs; 64 KB 430 against 540 µs).
const brotliOnce = promisify(zlib.brotliCompress)
const gzipOnce = promisify(zlib.gzip)
/** Up to this size a body is compressed on the answering thread (about 150 µs at most). */
const SYNC_COMPRESSION_MAX_BYTES = 32 * 1024

/** Answers built whole in memory by c.json, c.html and c.text: compressed in one go, with their size known. */
const WHOLE_BODY_TYPE = /^\s*(application\/json|text\/html|text\/plain)\b/i
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i
const VARIES_ON_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i

/**
 * The encoding to answer in, from the request's Accept-Encoding: Brotli when it is accepted at least as
 * readily as gzip, else gzip, else none (`identity`, `q=0`, an unknown coding, or no header).
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';')
    const coding = name.trim().toLowerCase()
    if (!coding) continue
    let weight = 1
    for (const param of params) {
      const q = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)
      if (q) weight = Number(q[1])
    }
    weights.set(coding, Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0
  const br = weightOf('br')
  const gzip = weightOf('gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return null
}

export async function compressWhole(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  if (body.byteLength <= SYNC_COMPRESSION_MAX_BYTES) {
    return encoding === 'br'
      ? zlib.brotliCompressSync(body, brotliOptions(body.length))
      : zlib.gzipSync(body, gzipOptions)
  }
  return encoding === 'br' ? brotliOnce(body, brotliOptions(body.length)) : gzipOnce(body, gzipOptions)
}

function compressStream(encoding: Encoding) {
  const compressor =
    encoding === 'br' ? zlib.createBrotliCompress(brotliOptions(0)) : zlib.createGzip(gzipOptions)
  return Duplex.toWeb(compressor) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>
}

/**
 * Puts a new answer in place of the current one, with the same status and headers. (Assigning c.res over an
 * existing answer makes Hono wrap the new body in a stream; clearing it first keeps a buffer a buffer, which
 * @hono/node-server writes out in one call.)
 */
function replaceBody(c: Context, status: number, headers: Headers, body: Uint8Array | ReadableStream) {
  c.res = undefined
  c.res = new Response(body as BodyInit, { status, headers })
}

/**
 * Compresses answers worth compressing, cheaply (see the levels above): JSON, HTML, CSV and other text of at
 * least COMPRESSION_MIN_BYTES, in the client's preferred encoding. Left as they are: answers already encoded
 * (the screens' files, compressed once at build time), event streams (a compressor would hold each event
 * back), pictures, PDFs and ZIP archives (compressed already), HEAD, partial and empty answers.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    const { status } = res
    if (c.req.method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) return
    const headers = res.headers
    const type = headers.get('content-type')
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return
    if (headers.has('content-encoding') || headers.has('transfer-encoding')) return
    if (NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return

    // The answer depends on Accept-Encoding from here on: caches must keep one copy per encoding.
    const vary = headers.get('vary')
    if (vary !== '*' && !(vary && VARIES_ON_ENCODING.test(vary)))
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    const declaredLength = headers.get('content-length')
    if (declaredLength !== null && Number(declaredLength) < COMPRESSION_MIN_BYTES) return
    const encoding = preferredEncoding(c.req.header('accept-encoding'))
    if (!encoding) return

    if (declaredLength !== null || WHOLE_BODY_TYPE.test(type)) {
      const body = new Uint8Array(await res.arrayBuffer())
      const compressed = body.byteLength >= COMPRESSION_MIN_BYTES ? await compressWhole(body, encoding) : null
      if (compressed && compressed.byteLength < body.byteLength) {
        headers.delete('content-length')
        headers.set('content-encoding', encoding)
        const etag = headers.get('etag')
        if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
        replaceBody(c, status, headers, compressed)
      } else {
        replaceBody(c, status, headers, body)
      }
      return
    }

    // A body written as it is read (a CSV export): compressed as it streams, its length unknown.
    if (!res.body) return
    headers.delete('content-length')
    headers.set('content-encoding', encoding)
    replaceBody(c, status, headers, res.body.pipeThrough(compressStream(encoding)))
  }
}
