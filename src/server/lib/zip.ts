/**
 * A ZIP archive written as it is read (PKWARE APPNOTE 6.3: local headers, data descriptors, central
 * directory). Entries are STORED, not deflated: the files are WebP and JPEG pictures, which do not shrink,
 * and storing keeps the server's work to one CRC-32 per file. Each file's bytes are read only when the
 * reader gets to it, so an archive of many pictures never sits in memory whole. No zip64: an archive stays
 * far below 4 GB (at most 100 products of 6 pictures of 10 MB).
 */

export type ZipEntry = { name: string; date?: Date; read: () => Promise<Uint8Array | null> }

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n += 1) {
    let c = n
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** MS-DOS time and date, which ZIP headers use (two-second steps, years from 1980). */
function dosDateTime(date: Date) {
  const year = Math.max(date.getUTCFullYear(), 1980)
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  }
}

/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800
const VERSION = 20

type Written = { name: Uint8Array; crc: number; size: number; offset: number; time: number; date: number }

function localHeader(name: Uint8Array, time: number, date: number) {
  const header = new DataView(new ArrayBuffer(30))
  header.setUint32(0, 0x04034b50, true)
  header.setUint16(4, VERSION, true)
  header.setUint16(6, FLAGS, true)
  header.setUint16(8, 0, true) // stored
  header.setUint16(10, time, true)
  header.setUint16(12, date, true)
  // CRC and sizes are zero here and given in the data descriptor (bit 3).
  header.setUint16(26, name.length, true)
  return concat([new Uint8Array(header.buffer), name])
}

function dataDescriptor(crc: number, size: number) {
  const view = new DataView(new ArrayBuffer(16))
  view.setUint32(0, 0x08074b50, true)
  view.setUint32(4, crc, true)
  view.setUint32(8, size, true)
  view.setUint32(12, size, true)
  return new Uint8Array(view.buffer)
}

function centralEntry(entry: Written) {
  const view = new DataView(new ArrayBuffer(46))
  view.setUint32(0, 0x02014b50, true)
  view.setUint16(4, VERSION, true)
  view.setUint16(6, VERSION, true)
  view.setUint16(8, FLAGS, true)
  view.setUint16(10, 0, true)
  view.setUint16(12, entry.time, true)
  view.setUint16(14, entry.date, true)
  view.setUint32(16, entry.crc, true)
  view.setUint32(20, entry.size, true)
  view.setUint32(24, entry.size, true)
  view.setUint16(28, entry.name.length, true)
  view.setUint32(42, entry.offset, true)
  return concat([new Uint8Array(view.buffer), entry.name])
}

function endOfDirectory(count: number, size: number, offset: number) {
  const view = new DataView(new ArrayBuffer(22))
  view.setUint32(0, 0x06054b50, true)
  view.setUint16(8, count, true)
  view.setUint16(10, count, true)
  view.setUint32(12, size, true)
  view.setUint32(16, offset, true)
  return new Uint8Array(view.buffer)
}

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/**
 * The archive of `entries`, one file read per pull. An entry whose `read` gives null (the object went
 * missing meanwhile) is left out; `onError` records a failure that can only cut the download short.
 */
export function zipStream(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  onError: (error: unknown) => void = () => {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const written: Written[] = []
  let offset = 0
  let iterator: AsyncIterator<ZipEntry> | Iterator<ZipEntry> | undefined
  const next = () => {
    iterator ??=
      Symbol.asyncIterator in entries
        ? entries[Symbol.asyncIterator]()
        : (entries as Iterable<ZipEntry>)[Symbol.iterator]()
    return iterator.next()
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const step = await next()
          if (step.done) {
            const directory = concat(written.map(centralEntry))
            controller.enqueue(concat([directory, endOfDirectory(written.length, directory.length, offset)]))
            controller.close()
            return
          }
          const bytes = await step.value.read()
          if (!bytes) continue
          const name = encoder.encode(step.value.name)
          const { time, date } = dosDateTime(step.value.date ?? new Date())
          const crc = crc32(bytes)
          const chunk = concat([localHeader(name, time, date), bytes, dataDescriptor(crc, bytes.length)])
          written.push({ name, crc, size: bytes.length, offset, time, date })
          offset += chunk.length
          controller.enqueue(chunk)
          return
        }
      } catch (error) {
        onError(error)
        controller.error(error)
      }
    },
  })
}
