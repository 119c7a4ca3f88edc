import { Buffer } from 'node:buffer'
import { withoutBidiControls } from '../../shared/bidi'
import type { PaymentProviderName, TransferDirection } from '../../shared/payments'
import { paymentProviderNames, reconciliationLimits } from '../../shared/schemas/reconciliation'
import { zonedParts } from '../lib/calendar'
import { csvCellText, csvHeaderKey, loadCsvParser, utf8Text } from '../lib/csv-import'
import { AppError } from '../lib/errors'

/**
 * Each provider's statement, as its portal exports it (CSV), read into the rows a reconciliation compares with
 * Isoko's transfers. One layout per provider, its column names as the provider writes them; where a provider's
 * documentation does not give them, the names chosen are said so below. Lenient on what spreadsheets and portals
 * vary (a byte-order mark, CRLF or LF, quoted fields, a comma, semicolon or tab between fields, lines above the
 * header, headers in any case and spacing, extra columns); strict on what the comparison relies on: amounts are
 * whole Rwandan francs, in RWF. A file that is not that provider's statement is refused whole (422,
 * reconciliation.errors.*), naming what is wrong, and nothing is stored.
 */

/** One transfer as the provider's statement lists it. */
export type StatementRow = {
  /** The line's row in the spreadsheet (the header is row 1 when it is the first line). */
  row: number
  /** Isoko's reference (the transfer's id), as we sent it: MTN's externalId, Airtel's transaction id, pawaPay's payoutId/depositId. */
  reference: string | null
  providerTransactionId: string | null
  /** Whole francs, always positive: `direction` says which way it went. */
  amount: number
  /** The provider says the money moved; anything else (failed, pending, rejected, reversed) is not. */
  isSuccessful: boolean
  direction: TransferDirection
  /** When the provider recorded it (ISO), or null when the statement leaves it blank. */
  at: string | null
}

export type ParsedStatement = {
  rows: StatementRow[]
  /** Lines of the statement that are not transfers (a float top-up, a fee, a withdrawal): not compared. */
  skipped: number
}

/** What a layout reads of a line; each layout names the columns it has. */
type Field = 'id' | 'externalId' | 'date' | 'status' | 'type' | 'amount' | 'currency'
type Cell = (field: Field) => string

type Layout = {
  /** Column names, as the provider writes them; `required` must all be there. */
  columns: Partial<Record<Field, string>>
  required: readonly Field[]
  /** The row's direction, or null when the line is not a transfer of Isoko's kind (it is skipped). */
  direction: (cell: Cell, amountSign: 1 | -1) => TransferDirection | null
  isSuccessful: (cell: Cell) => boolean
  /** The zone the provider's times are written in, when they carry none: the marketplace's, or UTC. */
  timesIn: 'marketplace' | 'utc'
  /** A "Currency" column repeats in MTN's export: the one that counts is the one right after Amount. */
  currencyAfterAmount?: boolean
}

const lower = (text: string) => text.trim().toLowerCase()

/**
 * MTN MoMo: the partner portal's transaction statement (Ericsson's wallet platform), one account at a time. Its
 * header, as Rwandan exports show it: Id, External Transaction Id, Date, Status, Type, Provider Category,
 * Information, Note/Message, From, From Name, From Handler Name, To, To Name, To Handler Name, Initiated By,
 * On Behalf Of, Amount, Currency, Fee, Currency, Discount, Currency, Promotion, Currency, Coupon, Currency,
 * Balance, Currency. Id is MTN's financial transaction id; External Transaction Id is the externalId we send
 * (our reference). Amount is signed: money leaving the account (a payout) is negative. Times are the account's
 * local time. Types other than transfers and payments (a float transfer, a deposit, a cash-in, a reversal) are
 * not transfers Isoko made.
 */
const mtnLayout: Layout = {
  columns: {
    id: 'Id',
    externalId: 'External Transaction Id',
    date: 'Date',
    status: 'Status',
    type: 'Type',
    amount: 'Amount',
  },
  required: ['id', 'externalId', 'date', 'status', 'type', 'amount'],
  direction: (cell, sign) => {
    const type = lower(cell('type'))
    const isTransfer = [
      'transfer',
      'batch transfer',
      'external transfer',
      'payment',
      'external payment',
      'merchant payment',
      'debit',
    ].includes(type)
    if (!isTransfer) return null
    return sign < 0 ? 'payout' : 'collection'
  },
  isSuccessful: (cell) => lower(cell('status')) === 'successful',
  timesIn: 'marketplace',
  currencyAfterAmount: true,
}

/**
 * Airtel Money: the merchant portal's transaction report. Airtel publishes no layout; these column names are
 * chosen after the fields of its Open API (Transaction ID is Airtel's money id, External Transaction ID the
 * transaction.id we send, Status its TS/TF/TIP codes, Service Type B2C for a disbursement and Merchant Payment
 * for a USSD-push collection). Amounts are positive; times are local.
 */
const airtelLayout: Layout = {
  columns: {
    id: 'Transaction ID',
    externalId: 'External Transaction ID',
    date: 'Transaction Date',
    type: 'Service Type',
    amount: 'Amount',
    currency: 'Currency',
    status: 'Status',
  },
  required: ['id', 'externalId', 'date', 'type', 'amount', 'currency', 'status'],
  direction: (cell) => {
    const type = lower(cell('type')).replace(/[\s_-]+/g, ' ')
    if (['b2c', 'disbursement'].includes(type)) return 'payout'
    if (['merchant payment', 'ussd push', 'collection'].includes(type)) return 'collection'
    return null
  },
  isSuccessful: (cell) => ['ts', 'success', 'successful'].includes(lower(cell('status'))),
  timesIn: 'marketplace',
}

/**
 * pawaPay: the dashboard's wallet statement (Finances > Statements > Export), documented with the columns Creation
 * Date (UTC), MSISDN, Transaction ID (the payoutId or depositId we send), Amount, Currency, Country, MNO and Type
 * (DEPOSIT, PAYOUT, REFUND, and the wallet's own movements). The operator's transaction id and the status are
 * read from "Financial Transaction ID" and "Status" (COMPLETED, FAILED) when the export has them: those two names
 * are ours. A statement without a Status column lists only what moved the wallet, so each of its lines moved.
 */
const pawapayLayout: Layout = {
  columns: {
    date: 'Creation Date',
    externalId: 'Transaction ID',
    amount: 'Amount',
    currency: 'Currency',
    type: 'Type',
    status: 'Status',
    id: 'Financial Transaction ID',
  },
  required: ['date', 'externalId', 'amount', 'currency', 'type'],
  direction: (cell) => {
    const type = lower(cell('type'))
    if (type === 'payout') return 'payout'
    if (type === 'deposit') return 'collection'
    return null
  },
  isSuccessful: (cell) => {
    const status = lower(cell('status'))
    return status === '' || status === 'completed'
  },
  timesIn: 'utc',
}

const layouts: Record<PaymentProviderName, Layout> = {
  mtn: mtnLayout,
  airtel: airtelLayout,
  pawapay: pawapayLayout,
}

/**
 * A refusal of the statement as a whole: nothing is reconciled, the screen says why. It names no field: every
 * field was well formed, and what is wrong is the file's content (its layout, a line of it).
 */
const refuse = (messageKey: string, params?: Record<string, string | number>) =>
  new AppError('VALIDATION', `reconciliation.errors.${messageKey}`, params)

export const statementTooLarge = () =>
  refuse('tooLarge', { max: `${reconciliationLimits.maxBytes / (1024 * 1024)} MB` })

/** "External  transaction ID " is External Transaction Id, with or without controls that reorder text. */
const headerKey = (name: string) => csvHeaderKey(withoutBidiControls(name))

/**
 * Whole francs: `2500`, `-2500`, `+2,500`, `2500.00`. Anything else (`25.50`, `2 500 RWF`, `abc`) is refused: a
 * statement whose amounts are read wrongly would report differences that are not there, or hide real ones.
 */
function wholeFrancs(text: string): { value: number; sign: 1 | -1 } | null {
  const match = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?$/.exec(text)
  if (!match) return null
  const value = Number(match[2]!.replace(/,/g, ''))
  if (!Number.isSafeInteger(value)) return null
  return { value, sign: match[1] === '-' ? -1 : 1 }
}

/** The instant a wall-clock time of `timeZone` names (the zone's offset found from what its clock shows). */
function zonedInstant(fields: number[], timeZone: string): Date {
  const [year, month, day, hour, minute, second] = fields as [number, number, number, number, number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  let instant = wall
  // Twice: the offset at the first guess may differ from the offset at the answer (a clock change in between).
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = zonedParts(new Date(instant), timeZone)
    const [y, m, d] = shown.day.split('-').map(Number) as [number, number, number]
    const [h, min] = shown.time.split(':').map(Number) as [number, number]
    instant = wall - (Date.UTC(y, m - 1, d, h, min) - instant)
  }
  return new Date(instant + second * 1000)
}

/** The instant `day` (YYYY-MM-DD) starts on the calendar of `timeZone`. */
export const zonedDayStart = (day: string, timeZone: string): Date =>
  zonedInstant([...day.split('-').map(Number), 0, 0, 0], timeZone)

/**
 * A statement's time: ISO with its zone (`2026-03-10T08:00:00Z`), or a wall-clock time without one
 * (`2026-03-10 10:00:00`, `10/03/2026 10:00`, day first as Rwandan exports write it) in `zone`. Null when blank;
 * undefined when it is no time at all.
 */
function statementTime(text: string, zone: string): string | null | undefined {
  if (text === '') return null
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const date = new Date(text)
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(text)
  const dayFirst = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text)
  const fields = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6] ?? '0']
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1], dayFirst[4], dayFirst[5], dayFirst[6] ?? '0']
      : null
  if (!fields) return undefined
  const numbers = fields.map(Number)
  const [, month, day, hour, minute, second] = numbers as [number, number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return undefined
  return zonedInstant(numbers, zone).toISOString()
}

/** The statement's text: UTF-8 (a byte-order mark or none), not binary, within the size limit. */
export function statementText(bytes: Uint8Array): string {
  if (bytes.byteLength > reconciliationLimits.maxBytes) throw statementTooLarge()
  const text = utf8Text(bytes)
  if (text === null) throw refuse('notText')
  return text
}

/**
 * Reads `text` as `provider`'s statement. The header is the first line (of the first twenty: a portal may write
 * the account and the period above it) that has every column the layout needs; a file where no line does is not
 * this provider's statement. A statement with a header and no line is one where nothing moved.
 *
 * The lines are read one at a time (papaparse's `step`), each kept only as the row the comparison needs: a
 * statement of 100,000 lines is never held as 100,000 arrays of 28 cells. The refusals keep their order: a file
 * with too many lines is refused as such whatever its lines hold, then the first line that is wrong is named.
 */
export async function parseStatement(
  provider: PaymentProviderName,
  input: string,
  options: { timeZone: string },
): Promise<ParsedStatement> {
  // Measured and read without a copy of the text: a statement may be tens of megabytes.
  if (Buffer.byteLength(input, 'utf8') > reconciliationLimits.maxBytes) throw statementTooLarge()
  // A NUL never stands in a text file: this is a spreadsheet's binary format, or something else altogether.
  if (input.includes('\u0000')) throw refuse('notText')
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  if (/^\s*$/.test(text)) throw refuse('fileEmpty')

  const layout = layouts[provider]
  const wanted: Partial<Record<Field, string>> = Object.fromEntries(
    Object.entries(layout.columns).map(([field, name]) => [field, headerKey(name)]),
  )
  const zone = layout.timesIn === 'utc' ? 'UTC' : options.timeZone
  const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '')
  const isHeader = (record: string[]) => {
    const names = new Set(record.map(headerKey))
    return layout.required.every((field) => names.has(wanted[field]!))
  }

  /** Where each column stands, once the header is found. */
  let columns: { index: Map<string, number>; currencyAt: number | undefined } | null = null
  const rows: StatementRow[] = []
  let skipped = 0
  let at = -1
  let dataRows = 0
  let badQuotingAt: number | undefined
  let firstWrongLine: AppError | undefined

  /** One line after the header: the row it makes, or nothing when it is not a transfer of Isoko's kind. */
  const readLine = (record: string[], row: number): StatementRow | 'skipped' => {
    const { index, currencyAt } = columns!
    const cell = (field: Field) => {
      const column = wanted[field]
      const position = column === undefined ? undefined : index.get(column)
      return position === undefined ? '' : csvCellText(record[position])
    }
    const amountText = cell('amount')
    const amount = wholeFrancs(amountText)
    if (!amount) throw refuse('badAmount', { row, value: amountText.slice(0, 40) })
    const direction = layout.direction(cell, amount.sign)
    if (!direction) return 'skipped'
    const currency = currencyAt === undefined ? '' : csvCellText(record[currencyAt])
    if (currency !== '' && currency.toUpperCase() !== 'RWF') {
      throw refuse('wrongCurrency', { row, currency: currency.slice(0, 10) })
    }
    const time = statementTime(cell('date'), zone)
    if (time === undefined) throw refuse('badDate', { row, value: cell('date').slice(0, 40) })
    // Ids are short; a cell of kilobytes is kept to its start, as any id Isoko knows would be.
    const reference = cell('externalId').slice(0, 200)
    const providerTransactionId = cell('id').slice(0, 200)
    return {
      row,
      // Our references are UUIDs, written in lower case; a portal may show them in upper case.
      reference: reference === '' ? null : reference.toLowerCase(),
      providerTransactionId: providerTransactionId === '' ? null : providerTransactionId,
      amount: amount.value,
      isSuccessful: layout.isSuccessful(cell),
      direction,
      at: time,
    }
  }

  const Papa = await loadCsvParser()
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t'],
    step: (result, parser) => {
      at += 1
      if (result.errors.some((error) => error.type === 'Quotes')) {
        badQuotingAt = at
        parser.abort()
        return
      }
      const record = result.data
      if (!columns) {
        if (at < 20 && isHeader(record)) {
          const header = record.map(headerKey)
          // The first column of each name: MTN repeats "Currency" after each figure.
          const index = new Map<string, number>()
          header.forEach((name, position) => {
            if (!index.has(name)) index.set(name, position)
          })
          const amountAt = index.get(wanted.amount!)!
          const currencyAt = layout.currencyAfterAmount
            ? header[amountAt + 1] === 'currency'
              ? amountAt + 1
              : undefined
            : index.get(wanted.currency ?? '')
          columns = { index, currencyAt }
        } else if (at >= 19) parser.abort()
        return
      }
      if (isBlank(record)) return
      dataRows += 1
      // Past the limit, the lines are only counted (the refusal says how many), and past a wrong one, too.
      if (dataRows > reconciliationLimits.maxRows || firstWrongLine) return
      try {
        const read = readLine(record, at + 1)
        if (read === 'skipped') skipped += 1
        else rows.push(read)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        firstWrongLine = error
      }
    },
  })
  if (badQuotingAt !== undefined) throw refuse('badQuoting', { row: badQuotingAt + 1 })
  if (!columns) {
    throw refuse('notProviderStatement', {
      provider: paymentProviderNames[provider],
      cols: layout.required.map((field) => layout.columns[field]).join(', '),
    })
  }
  if (dataRows > reconciliationLimits.maxRows) {
    throw refuse('tooManyRows', { max: reconciliationLimits.maxRows, rows: dataRows })
  }
  if (firstWrongLine) throw firstWrongLine
  return { rows, skipped }
}
