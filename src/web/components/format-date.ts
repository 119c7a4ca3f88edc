import { useTranslation } from 'react-i18next'
import { defaultTimeZone } from '../../shared/constants'

/** Kinyarwanda month names (CLDR): browsers such as Chromium ship no Kinyarwanda locale data and would fall back to English. */
const rwMonths = [
  'Mutarama',
  'Gashyantare',
  'Werurwe',
  'Mata',
  'Gicurasi',
  'Kamena',
  'Nyakanga',
  'Kanama',
  'Nzeri',
  'Ukwakira',
  'Ugushyingo',
  'Ukuboza',
]

const kigaliParts = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: defaultTimeZone,
})

/**
 * Dates in the reader's language, on Kigali's calendar (a shop's day ends at midnight in Rwanda, not in UTC).
 * `medium` abbreviates the month where the language has abbreviations ("Nov 28, 2026", for a dense table);
 * Kinyarwanda's month names stay whole.
 */
export function useFormatDate(style: 'long' | 'medium' = 'long') {
  const { i18n } = useTranslation()
  if (i18n.language === 'rw') {
    return (value: string | Date) => {
      const parts = Object.fromEntries(
        kigaliParts.formatToParts(new Date(value)).map((part) => [part.type, part.value]),
      )
      return `${parts.day} ${rwMonths[Number(parts.month) - 1]} ${parts.year}`
    }
  }
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: style, timeZone: defaultTimeZone })
  return (value: string | Date) => format.format(new Date(value))
}
