import { withoutBidiControls } from '../../shared/bidi'
import { lazyModule } from './lazy'

/**
 * CSV files an admin uploads (the order import, a provider's statement), read as RFC 4180 by papaparse: the
 * text, then each header and cell as the imports compare them.
 */

/** The CSV parser comes with the first import, not at start (lib/lazy.ts). */
export const loadCsvParser = lazyModule(() => import('papaparse').then((module) => module.default))

/** The bytes as UTF-8 text (a byte-order mark kept), or null when they are not UTF-8: a binary or another encoding. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

/** A header as an import compares it, whatever its case and spacing ("customer  NAME " is Customer Name). */
export const csvHeaderKey = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()

/**
 * A cell as an import reads it: trimmed, without controls that reorder text, and without the quote an export
 * (csvCell, shared/csv.ts) or a spreadsheet puts before a formula-like text, so a shop named "=Shop" that was
 * exported imports as "=Shop".
 */
export const csvCellText = (cell: string | undefined) =>
  withoutBidiControls(cell ?? '')
    .trim()
    .replace(/^'(?=[=+\-@\t\r])/, '')
