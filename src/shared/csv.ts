/**
 * CSV as spreadsheets read it (RFC 4180), written by the server's exports and by the screens (the rows an
 * import refused): quoted fields, a UTF-8 byte-order mark, CRLF line ends, and text cells that cannot run as
 * formulas.
 */

import { withoutBidiControls } from './bidi'

export type CsvValue = string | number | null | undefined

/** Excel and LibreOffice read a UTF-8 file as the local code page unless it starts with this. */
export const CSV_BOM = '\uFEFF'

/**
 * A text starting with one of these is run as a formula by spreadsheet programs (`=HYPERLINK(...)`, `@SUM`,
 * `+cmd|...`); a tab or carriage return in front hides the same thing. Such a cell is written with a leading
 * single quote, which keeps it text. (OWASP "CSV injection"; a deliberate divergence, see DESIGN.md §5.)
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** Numbers are written as they are: they cannot carry a formula, and a quote would turn them into text. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  // Controls that reorder text never reach a spreadsheet, whenever the value was stored (bidi.ts).
  const plain = withoutBidiControls(value)
  const text = FORMULA_START.test(plain) ? `'${plain}` : plain
  // RFC 4180: a field holding a quote, a comma or a line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One record, ended by CRLF (RFC 4180). */
export const csvRow = (values: readonly CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`
