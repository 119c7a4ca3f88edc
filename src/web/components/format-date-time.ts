import { useTranslation } from 'react-i18next'
import { defaultTimeZone } from '../../shared/constants'
import { useFormatDate } from './format-date'

const kigaliTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: defaultTimeZone,
})

/**
 * Date and time on Kigali's clock in the reader's language: "January 12, 2025 at 2:05 PM", "12 Mutarama 2025,
 * 14:05". Kinyarwanda builds on useFormatDate, which carries the month names browsers lack.
 */
export function useFormatDateTime() {
  const { i18n } = useTranslation()
  const formatDate = useFormatDate()
  if (i18n.language === 'rw') {
    return (value: string | Date) => `${formatDate(value)}, ${kigaliTime.format(new Date(value))}`
  }
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: defaultTimeZone,
  })
  return (value: string | Date) => format.format(new Date(value))
}
