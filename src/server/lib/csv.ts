import { AsyncResource } from 'node:async_hooks'
import type { Context } from 'hono'
import { CSV_BOM, csvRow, type CsvValue } from '../../shared/csv'
import { zonedParts } from './calendar'
import type { Env } from './http'
import { readerLanguage, textIn, type TextParams } from './texts'

/**
 * CSV files the admin downloads (payouts, orders, products): RFC 4180 quoting, UTF-8 with a byte-order mark
 * (so spreadsheet programs read Kinyarwanda and other non-ASCII text correctly), CRLF line ends, and text
 * cells that cannot run as formulas.
 */

export { CSV_BOM, csvCell, csvRow, type CsvValue } from '../../shared/csv'

/** A time as a spreadsheet sorts and reads it: 'YYYY-MM-DD HH:MM' in the marketplace's zone ('' for none). */
export function csvDateTime(date: Date | null, timeZone: string): string {
  if (!date) return ''
  const { day, time } = zonedParts(date, timeZone)
  return `${day} ${time}`
}

/** `payouts-2025-01-31.csv`: the export's subject and the day it was made in the marketplace's zone (spec §9). */
export const csvFileName = (subject: string, now: Date, timeZone: string) =>
  `${subject}-${zonedParts(now, timeZone).day}.csv`

/** Headers of a CSV download: an attachment under `fileName`, never cached (it holds current business data). */
export const csvHeaders = (fileName: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
})

/**
 * A CSV body written batch by batch as the reader takes it, so a large export never sits in memory whole.
 * The first batch is read before the body is handed back: a failure there still becomes an ordinary error
 * answer. A failure after the download started can only cut it short; `onError` records it.
 */
export async function csvStream(
  header: readonly CsvValue[],
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>,
  onError: (error: unknown) => void,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  const first = await iterator.next()
  // The later batches are read when the reader asks for them, outside the request's own async context: bound to
  // it, they run where the first did (a replica, for an export: db/replicas.ts).
  const nextBatch = AsyncResource.bind(() => iterator.next())
  const encode = (rows: readonly (readonly CsvValue[])[]) => encoder.encode(rows.map(csvRow).join(''))
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)))
      if (first.done) controller.close()
      else controller.enqueue(encode(first.value))
    },
    async pull(controller) {
      if (first.done) return
      try {
        const next = await nextBatch()
        if (next.done) controller.close()
        else controller.enqueue(encode(next.value))
      } catch (error) {
        onError(error)
        controller.error(error)
      }
    },
    async cancel() {
      // The reader went away: stop reading pages.
      await iterator.return?.()
    },
  })
}

/**
 * A cell written in the reader's language: a key of the screens' words (and its params), or `otherwise` (a raw
 * name, such as a table no key names) when the bundles have no text for it. Headers and labels of the exports
 * the admin reads are these; the columns a re-import reads back (orders, products) stay plain text.
 */
export type CsvLabel = { key: string; params?: TextParams; otherwise?: string }
export type CsvCell = CsvValue | CsvLabel
export const csvLabel = (key: string, more: Omit<CsvLabel, 'key'> = {}): CsvLabel => ({ key, ...more })

/** An export as the rows a CSV download streams: its file name, the header row and the rows batch by batch. */
export type CsvExport = {
  fileName: string
  header: readonly CsvCell[]
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>
}

/**
 * The answer to an export's request: the file, streamed, its labels in the reader's language (readerLanguage);
 * a failure part way is logged under `subject`.
 */
export async function csvDownload(c: Context<Env>, exported: CsvExport, subject: string) {
  const text = textIn(readerLanguage(c))
  const inWords = (row: readonly CsvCell[]): CsvValue[] =>
    row.map((cell) =>
      cell !== null && typeof cell === 'object' ? text(cell.key, cell.params, cell.otherwise) : cell,
    )
  async function* rowsInWords() {
    for await (const rows of exported.batches) yield rows.map(inWords)
  }
  const body = await csvStream(inWords(exported.header), rowsInWords(), (error) =>
    c.var.logger.error({ err: error }, `the ${subject} export stopped part way`),
  )
  return c.body(body, 200, csvHeaders(exported.fileName))
}
