import type { i18n } from 'i18next'
import { formatRwf } from '../../shared/money'

/**
 * Formats a text may name, `{{balance, rwf}}`: a sum of money written as everywhere else in the app
 * ('RWF 12,500'), whoever filled the text in: a screen, or a server's error with the figure in its params
 * (a number). Anything else is shown as given.
 */
export function addFormats(instance: i18n) {
  instance.services.formatter?.add('rwf', (value: unknown) =>
    typeof value === 'number' ? formatRwf(value) : String(value),
  )
}
