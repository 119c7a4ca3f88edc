import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'

/** Mobile numbers of Rwanda and its East African neighbours; a number without a country code is Rwandan. */
export const phoneCountries = ['RW', 'KE', 'UG', 'TZ', 'BI', 'CD', 'SS'] as const

/** Rwandan mobile prefixes: MTN 78/79, Airtel 72/73. */
const rwandanMobile = /^\+2507[2389]\d{7}$/

/** The number in E.164 (+250788123456), or null when it is not a mobile number we accept. */
export function normalisePhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'RW')
  if (!parsed || !parsed.isValid() || !parsed.country) return null
  if (!(phoneCountries as readonly string[]).includes(parsed.country)) return null
  if (parsed.country === 'RW' && !rwandanMobile.test(parsed.number)) return null
  return parsed.number
}

/** +250 788 123 456 for display. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164
}
