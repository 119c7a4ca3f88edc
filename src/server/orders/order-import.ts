import { createHash } from 'node:crypto'
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { limits } from '../../shared/constants'
import { districtNamed } from '../../shared/rwanda'
import {
  IMPORT_REPEAT_HOURS,
  deliveryColumnField,
  deliveryInput,
  deliveryLimits,
  orderDeliveryColumns,
  orderImportColumns,
  orderImportLimits,
  type Delivery,
  type DeliveryInput,
  type OrderDeliveryColumn,
  type OrderImportColumn,
  type OrderImportResult,
  type OrderImportRowError,
  type PreviousImport,
} from '../../shared/schemas/order'
import type { Db, Tx } from '../db/client'
import { orderImports, products, variants, vendors } from '../db/schema'
import { recordAudit } from '../audit/record-audit'
import { csvLabel, type CsvExport } from '../lib/csv'
import { csvCellText, csvHeaderKey, loadCsvParser, utf8Text } from '../lib/csv-import'
import { AppError } from '../lib/errors'
import type { Logger } from '../lib/logger'
import type { AdminScope } from '../lib/scope'
import { placeAuditedOrder, placeAuditedOrders, type PlaceOrder } from './orders.service'

/**
 * Order import (admin §5 "Order import (CSV)"). The file is read as RFC 4180 (papaparse): quoted fields with
 * commas, quotes and line breaks, a byte-order mark, CRLF or LF, blank lines, extra columns, and header names
 * in any case and spacing (README: deliberate divergences). Each row then becomes an order under the same rules
 * as the admin's form, a few hundred rows to a transaction: a refused row leaves nothing behind, and the stock
 * is taken under lock, so imports running at once can never sell more than there is. A preview (dry run) checks
 * every row the same way, stock included, and writes nothing.
 */

/** A file-level refusal: nothing is imported, the screen shows the message. */
const refuse = (messageKey: string, params?: Record<string, string | number>) =>
  new AppError('VALIDATION', messageKey, params, { file: messageKey })

export const importFileTooLarge = () =>
  refuse('orders.import.tooLarge', { max: `${orderImportLimits.maxBytes / (1024 * 1024)} MB` })

type ImportRow = {
  row: number
  values: string[]
  customerName: string
  customerEmail: string
  shopName: string
  productName: string
  sku: string
  quantity: number
} & Delivery

/** A refused row: its number, why (a message key of the bundles, with the row's number among its params), its cells. */
const rowError = (
  at: { row: number; values: string[] },
  messageKey: string,
  params: Record<string, string | number> = {},
): OrderImportRowError => ({ row: at.row, messageKey, params: { row: at.row, ...params }, values: at.values })

type ParsedFile = { header: string[]; rows: ImportRow[]; errors: OrderImportRowError[] }

const isLineEnd = (ch: string | undefined) => ch === '\n' || ch === '\r'

/**
 * The first place the file's quoting breaks RFC 4180, by its line as a text editor numbers it (line 1 the
 * header, a line break inside a quoted value counted too), or null. A quote opened and never closed names the
 * line it opened on; a quote in the middle of an unquoted value, or text after a closing quote, names its own
 * line. A spreadsheet writes neither: the file was edited by hand, and the admin fixes that line. (The parser
 * would read such a file somehow, shifting cells between columns or swallowing the rows after it, so the file
 * is refused whole: nothing imported is better than orders for the wrong customer.)
 */
export function brokenQuoting(text: string): { messageKey: string; line: number } | null {
  let line = 1
  let at = 0
  let atFieldStart = true
  const nextLine = () => {
    if (text[at] === '\r' && text[at + 1] === '\n') at += 1
    line += 1
  }
  while (at < text.length) {
    const ch = text[at]
    if (ch === '"' && atFieldStart) {
      const openedOn = line
      at += 1
      // Inside the quotes: a doubled quote is one quote of the value; a lone one closes it.
      for (;;) {
        if (at >= text.length) return { messageKey: 'orders.import.unclosedQuote', line: openedOn }
        if (text[at] === '"') {
          if (text[at + 1] !== '"') break
          at += 1
        } else if (isLineEnd(text[at])) nextLine()
        at += 1
      }
      at += 1
      // Spaces after the closing quote are let pass, as the parser does; then the value must end.
      while (text[at] === ' ' || text[at] === '\t') at += 1
      if (at < text.length && text[at] !== ',' && !isLineEnd(text[at])) {
        // Closed on a later line by another value's opening quote: it was this one that was never closed.
        return line === openedOn
          ? { messageKey: 'orders.import.strayQuote', line }
          : { messageKey: 'orders.import.unclosedQuote', line: openedOn }
      }
      atFieldStart = false
      continue
    }
    if (ch === '"') return { messageKey: 'orders.import.strayQuote', line }
    if (isLineEnd(ch)) nextLine()
    atFieldStart = ch === ',' || isLineEnd(ch)
    at += 1
  }
  return null
}

const email = z.email()

/** Reads and checks the file; rows that cannot be an order (missing data, a bad quantity) are refused here. */
export async function parseOrderFile(bytes: Uint8Array): Promise<ParsedFile> {
  if (bytes.byteLength === 0) throw refuse('orders.import.fileEmpty')
  if (bytes.byteLength > orderImportLimits.maxBytes) throw importFileTooLarge()
  const decoded = utf8Text(bytes)
  // A NUL never stands in a text file; PostgreSQL could not store it either.
  if (decoded === null || decoded.includes('\u0000')) throw refuse('orders.import.notText')
  const text = decoded.replace(/^\uFEFF/, '')
  if (text.trim() === '') throw refuse('orders.import.fileEmpty')

  const quoting = brokenQuoting(text)
  if (quoting) throw refuse(quoting.messageKey, { line: quoting.line })

  const Papa = await loadCsvParser()
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false })
  // brokenQuoting found any quote the parser would stumble on; should one slip past it, the file is still refused.
  if (parsed.errors.some((error) => error.type === 'Quotes')) throw refuse('orders.import.failed')
  const records = parsed.data
  const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '')
  const firstRecord = records.findIndex((record) => !isBlank(record))
  const header = records[firstRecord] ?? []
  const dataCount = records.slice(firstRecord + 1).filter((record) => !isBlank(record)).length
  if (dataCount === 0) throw refuse('orders.import.noDataRows')

  const index = new Map<string, number>()
  header.forEach((name, at) => {
    if (!index.has(csvHeaderKey(name))) index.set(csvHeaderKey(name), at)
    // Which of two Quantity columns is meant cannot be guessed: the file is refused, naming the column.
    else if (
      [...orderImportColumns, ...orderDeliveryColumns].some(
        (column) => csvHeaderKey(column) === csvHeaderKey(name),
      )
    )
      throw refuse('orders.import.duplicateColumn', { column: name.trim() })
  })
  const missing = orderImportColumns.filter((column) => !index.has(csvHeaderKey(column)))
  if (missing.length > 0) throw refuse('orders.import.missingColumns', { cols: missing.join(', ') })
  if (dataCount > orderImportLimits.maxRows) {
    throw refuse('orders.import.tooManyRows', { max: orderImportLimits.maxRows, rows: dataCount })
  }

  const rows: ImportRow[] = []
  const errors: OrderImportRowError[] = []
  records.forEach((record, at) => {
    if (at <= firstRecord || isBlank(record)) return
    // Row numbers are the spreadsheet's: the header is row 1 (blank lines keep their number).
    const row = at + 1
    const cell = (column: OrderImportColumn) => csvCellText(record[index.get(csvHeaderKey(column))!])
    // A delivery column the file does not have reads as blank.
    const optionalCell = (column: OrderDeliveryColumn) => {
      const at = index.get(csvHeaderKey(column))
      return at === undefined ? '' : csvCellText(record[at])
    }
    const refused = (messageKey: string, params?: Record<string, string | number>) =>
      errors.push(rowError({ row, values: record }, messageKey, params))
    const fields = {
      customerName: cell('Customer Name'),
      customerEmail: cell('Customer Email'),
      shopName: cell('Vendor Shop Name'),
      productName: cell('Product Name'),
      sku: cell('Variant SKU'),
    }
    if (Object.values(fields).some((value) => value === '')) return refused('orders.import.rowMissingData')
    // Specification §5: a quantity that is not a number counts as 1; 0 or less is refused (and so is a fraction).
    // A number is written in digits: JavaScript would read 0x10 as 16 and 1e2 as 100, a spreadsheet does not.
    const written = cell('Quantity')
    if (!Number.isNaN(Number(written)) && !/^-?\d*(\.\d*)?$/.test(written))
      return refused('orders.import.rowQuantityNotDigits', { value: written })
    const quantity = written === '' || Number.isNaN(Number(written)) ? 1 : Number(written)
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100_000) {
      return refused('orders.import.rowInvalidQuantity')
    }
    const tooLong = (
      [
        ['Customer Name', fields.customerName, limits.nameMax],
        ['Customer Email', fields.customerEmail, limits.emailMax],
      ] as const
    ).find(([, value, max]) => value.length > max)
    if (tooLong) return refused('orders.import.rowTooLong', { column: tooLong[0], max: tooLong[2] })
    if (!email.safeParse(fields.customerEmail).success) return refused('orders.import.rowInvalidEmail')
    const delivery = readDelivery(optionalCell)
    if ('messageKey' in delivery) return refused(delivery.messageKey, delivery.params)
    rows.push({ row, values: record, ...fields, quantity, ...delivery })
  })
  return { header, rows, errors }
}

const deliveryMax: Record<OrderDeliveryColumn, number> = {
  'Customer Phone': 32,
  District: 0,
  Sector: deliveryLimits.placeMax,
  Cell: deliveryLimits.placeMax,
  Address: deliveryLimits.addressMax,
  'Delivery Note': deliveryLimits.noteMax,
}

/**
 * A row's delivery columns, under the order form's rules (deliveryInput): a district whatever its case, a phone
 * in any way the form takes it. The first problem refuses the row, naming the column.
 */
function readDelivery(
  cell: (column: OrderDeliveryColumn) => string,
): Delivery | { messageKey: string; params: Record<string, string | number> } {
  const input: Record<string, string> = {}
  for (const column of orderDeliveryColumns) input[deliveryColumnField[column]] = cell(column)
  const district = cell('District')
  if (district !== '') {
    const named = districtNamed(district)
    if (!named) return { messageKey: 'orders.import.rowInvalidDistrict', params: { value: district } }
    input.deliveryDistrict = named
  }
  const parsed = deliveryInput.safeParse(input as DeliveryInput)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const column = orderDeliveryColumns.find((name) => deliveryColumnField[name] === issue.path[0]) ?? 'Address'
  if (column === 'Customer Phone') {
    return { messageKey: 'orders.import.rowInvalidPhone', params: { value: cell(column) } }
  }
  if (issue.message === 'errors.tooLong') {
    return { messageKey: 'orders.import.rowTooLong', params: { column, max: deliveryMax[column] } }
  }
  return { messageKey: 'orders.import.rowInvalidCell', params: { column } }
}

type Found = { vendorId: string; productId: string; variantId: string; stock: number }

/**
 * Finds a row's shop (approved, by name), product (approved, the shop's, by name) and variant (the product's,
 * still sold, by SKU), whatever the case; a name looked up once is not looked up again for the next row.
 */
function finder(db: Db) {
  const memo = new Map<string, Promise<unknown>>()
  const once = <T>(key: string, find: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, find())
    return memo.get(key) as Promise<T>
  }
  const lower = (value: string) => value.toLowerCase()
  return async (row: ImportRow): Promise<Found | OrderImportRowError> => {
    const refused = (messageKey: string, params: Record<string, string | number>) =>
      rowError(row, messageKey, params)
    const vendor = await once(`v:${lower(row.shopName)}`, async () => {
      const [found] = await db
        .select({ id: vendors.id })
        .from(vendors)
        .where(and(sql`lower(${vendors.shopName}) = ${lower(row.shopName)}`, eq(vendors.status, 'approved')))
      return found
    })
    if (!vendor) return refused('orders.import.rowVendorNotFound', { shop: row.shopName })
    const product = await once(`p:${vendor.id}:${lower(row.productName)}`, async () => {
      const [found] = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.vendorId, vendor.id),
            sql`lower(${products.name}) = ${lower(row.productName)}`,
            eq(products.status, 'approved'),
          ),
        )
      return found
    })
    if (!product) {
      return refused('orders.import.rowProductNotFound', { product: row.productName, shop: row.shopName })
    }
    const variant = await once(`s:${product.id}:${lower(row.sku)}`, async () => {
      const [found] = await db
        .select({ id: variants.id, stock: variants.stock })
        .from(variants)
        .where(
          and(
            eq(variants.productId, product.id),
            sql`lower(${variants.sku}) = ${lower(row.sku)}`,
            isNull(variants.archivedAt),
          ),
        )
      return found
    })
    if (!variant) return refused('orders.import.rowVariantNotFound', { sku: row.sku })
    return { vendorId: vendor.id, productId: product.id, variantId: variant.id, stock: variant.stock }
  }
}

const isRowError = (found: Found | OrderImportRowError): found is OrderImportRowError => 'messageKey' in found

/** What a row's order refusal reads in the results (the same rules as the form, worded per row). */
function rowErrorOf(error: unknown, row: ImportRow, logger: Logger): OrderImportRowError {
  const refused = (messageKey: string, params?: Record<string, string | number>) =>
    rowError(row, messageKey, params)
  if (error instanceof AppError) {
    if (error.messageKey === 'orders.insufficientStock') {
      return refused('orders.import.rowInsufficientStock', error.params)
    }
    if (error.messageKey === 'orders.variantNotFound')
      return refused('orders.import.rowVariantNotFound', { sku: row.sku })
    if (error.messageKey === 'orders.vendorNotApproved') {
      return refused('orders.import.rowVendorNotFound', { shop: row.shopName })
    }
  }
  logger.error({ err: error, row: row.row }, 'an imported order could not be created')
  // The reason is a message key too (the screen shows it in the reader's language), never the database's text.
  return refused('orders.import.rowFailed', {
    message: error instanceof AppError ? error.messageKey : 'orders.import.unexpectedError',
  })
}

/**
 * Rows placed per transaction: enough that 10,000 rows take a few dozen transactions, few enough that other
 * requests (on the embedded database, waiting for its one connection) get in between them within a moment.
 */
const ROWS_PER_TRANSACTION = 250

/**
 * Imports (or with `dryRun`, previews) an order file. Rows are taken in the file's order, a few hundred to a
 * transaction (placeAuditedOrders: each row checked as if placed alone, against the stock the rows before it
 * left); the preview keeps a running stock per variant the same way and writes nothing. Should a batch fail
 * as a whole (a lost connection, a deadlock), its rows are placed again one by one, each in a transaction of
 * its own, so one row can never sink the others. A real import is recorded as one entry about the file, beside
 * each order's own entry, and in order_imports by the SHA-256 of its bytes: the same file again within 24 hours
 * is refused (409) unless `confirmRepeat` says the admin was asked (README: beyond the specification).
 */
export async function importOrders(
  db: Db,
  admin: AdminScope,
  file: { bytes: Uint8Array; name: string },
  options: { dryRun: boolean; confirmRepeat?: boolean; logger: Logger },
): Promise<OrderImportResult> {
  const parsed = await parseOrderFile(file.bytes)
  const contentHash = createHash('sha256').update(file.bytes).digest('hex')
  // The preview warns early; the import itself refuses a repeat unless the admin confirmed it.
  const previousImport = options.dryRun ? await previousImportOf(db, contentHash) : null
  const record = options.dryRun
    ? null
    : await startImport(db, admin, { contentHash, name: file.name }, options.confirmRepeat === true)
  const find = finder(db)
  const errors = [...parsed.errors]
  const stockLeft = new Map<string, number>()
  let imported = 0
  const batch: { row: ImportRow; order: PlaceOrder & { details: Record<string, unknown> } }[] = []

  const placeOneByOne = async () => {
    for (const { row, order } of batch) {
      try {
        await db.transaction((tx) => placeAuditedOrder(tx, admin, order, order.details))
        imported += 1
      } catch (error) {
        errors.push(rowErrorOf(error, row, options.logger))
      }
    }
  }
  const placeBatch = async () => {
    if (batch.length === 0) return
    // Let the requests that queued meanwhile go first: on the embedded database every transaction takes the one
    // connection in turn, and a long import must not shut out the rest of the marketplace while it runs.
    await new Promise((resolve) => setImmediate(resolve))
    try {
      const outcomes = await db.transaction((tx) =>
        placeAuditedOrders(
          tx,
          admin,
          batch.map(({ order }) => order),
        ),
      )
      outcomes.forEach((outcome, at) => {
        if (outcome.order) imported += 1
        else errors.push(rowErrorOf(outcome.error, batch[at]!.row, options.logger))
      })
    } catch (error) {
      options.logger.warn(
        { err: error, rows: batch.length },
        'an import batch failed: placing its rows one by one',
      )
      await placeOneByOne()
    }
    batch.length = 0
  }

  try {
    for (const row of parsed.rows) {
      const found = await find(row)
      if (isRowError(found)) {
        errors.push(found)
        continue
      }
      if (options.dryRun) {
        const available = stockLeft.get(found.variantId) ?? found.stock
        if (available < row.quantity) {
          errors.push(
            rowError(row, 'orders.import.rowInsufficientStock', { available, requested: row.quantity }),
          )
          continue
        }
        stockLeft.set(found.variantId, available - row.quantity)
        imported += 1
        continue
      }
      batch.push({
        row,
        order: { ...found, ...row, details: { source: 'import', file: file.name, row: row.row } },
      })
      if (batch.length === ROWS_PER_TRANSACTION) await placeBatch()
    }
    await placeBatch()
  } catch (error) {
    // Should the import stop half-way, its record says how many orders it did create.
    if (record) {
      await db
        .update(orderImports)
        .set({ ordersCreated: imported, finishedAt: sql`now()` })
        .where(eq(orderImports.id, record))
        .catch(() => undefined)
    }
    throw error
  }
  errors.sort((a, b) => a.row - b.row)
  const rows = parsed.rows.length + parsed.errors.length
  if (record) {
    await db.transaction(async (tx) => {
      await tx
        .update(orderImports)
        .set({ rows, ordersCreated: imported, finishedAt: sql`now()` })
        .where(eq(orderImports.id, record))
      await recordAudit(tx, {
        by: admin,
        action: 'create',
        targetTable: 'imports',
        targetId: record,
        details: {
          import: 'orders',
          file: file.name,
          rows,
          imported,
          failed: errors.length,
          sha256: contentHash,
        },
      })
    })
  }
  return { dryRun: options.dryRun, rows, imported, errors, header: parsed.header, previousImport }
}

/**
 * The last import of this file (by the SHA-256 of its bytes) within 24 hours that created orders or is still
 * running (one that created none can do no harm again).
 */
async function previousImportOf(db: Db | Tx, contentHash: string): Promise<PreviousImport | null> {
  const [last] = await db
    .select({
      createdAt: orderImports.createdAt,
      ordersCreated: orderImports.ordersCreated,
      finishedAt: orderImports.finishedAt,
    })
    .from(orderImports)
    .where(
      and(
        eq(orderImports.contentHash, contentHash),
        gt(orderImports.createdAt, sql`now() - make_interval(hours => ${IMPORT_REPEAT_HOURS})`),
        or(isNull(orderImports.finishedAt), gt(orderImports.ordersCreated, 0)),
      ),
    )
    .orderBy(desc(orderImports.createdAt))
    .limit(1)
  if (!last) return null
  return {
    importedAt: last.createdAt.toISOString(),
    orders: last.ordersCreated,
    running: last.finishedAt === null,
  }
}

/**
 * Records the start of a real import, or refuses it (409) when the same file was imported within 24 hours and
 * the admin has not confirmed a repeat: orders.import.alreadyImported {importedAt, orders}, or
 * orders.import.alreadyRunning {importedAt} while that import still runs. Two clicks at once take the same
 * advisory lock, so the second sees the first's record.
 */
async function startImport(
  db: Db,
  admin: AdminScope,
  file: { contentHash: string; name: string },
  confirmRepeat: boolean,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-import:${file.contentHash}`}))`)
    const previous = await previousImportOf(tx, file.contentHash)
    if (previous && !confirmRepeat) {
      throw new AppError(
        'CONFLICT',
        previous.running ? 'orders.import.alreadyRunning' : 'orders.import.alreadyImported',
        { importedAt: previous.importedAt, orders: previous.orders },
      )
    }
    const [record] = await tx
      .insert(orderImports)
      .values({ contentHash: file.contentHash, fileName: file.name.slice(0, 255), importedBy: admin.userId })
      .returning({ id: orderImports.id })
    return record!.id
  })
}

/**
 * The template (admin §9: 2 example rows): the six columns and the optional delivery ones, and two rows that import as they are. They name
 * real approved products in stock when the marketplace has them, else stand-ins to overwrite. The second
 * customer's name carries a comma, to show how a quoted field looks. The column names stay English (the import
 * reads them); the stand-ins and the example note are in the reader's language.
 */
export async function orderImportTemplate(db: Db, _admin: AdminScope): Promise<CsvExport> {
  const examples = await db
    .select({ shopName: vendors.shopName, productName: products.name, sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(
      and(
        eq(vendors.status, 'approved'),
        eq(products.status, 'approved'),
        isNull(variants.archivedAt),
        gt(variants.stock, 1),
      ),
    )
    .orderBy(asc(vendors.shopName), asc(products.name), asc(variants.sku))
    .limit(2)
  const stand = {
    shopName: csvLabel('admin.orders.import.templateShop'),
    productName: csvLabel('admin.orders.import.templateProduct'),
    sku: 'YOUR-SKU-001',
  }
  const first = examples[0] ?? stand
  const second = examples[1] ?? first
  // The delivery columns are optional: the first row fills them in, the second leaves them blank. The phone is
  // written with its country code and spaces, so a spreadsheet keeps it as text (a leading 0 would be dropped).
  const rows = [
    [
      'Aline Uwase',
      'aline.uwase@example.com',
      first.shopName,
      first.productName,
      first.sku,
      1,
      '+250 788 123 456',
      'Kicukiro',
      'Niboye',
      'Nyakabanda',
      'KK 15 Ave, house 12',
      csvLabel('admin.orders.import.templateNote'),
    ],
    ['Mugisha, Eric', 'eric.mugisha@example.com', second.shopName, second.productName, second.sku, 1],
  ]
  async function* batches() {
    yield rows
  }
  return {
    fileName: 'orders-import-template.csv',
    header: [...orderImportColumns, ...orderDeliveryColumns],
    batches: batches(),
  }
}
