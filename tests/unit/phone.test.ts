import { describe, expect, it } from 'vitest'
import { formatPhone, normalisePhone } from '../../src/shared/phone'
import { phoneInput } from '../../src/shared/schemas/vendor'

describe('normalisePhone', () => {
  // Payouts go to these numbers: a malformed one must be caught at entry, in one canonical form.
  it('accepts Rwandan mobile numbers (72, 73, 78, 79) written locally or internationally, as E.164', () => {
    expect(normalisePhone('0788123456')).toBe('+250788123456')
    expect(normalisePhone('+250 788 123 456')).toBe('+250788123456')
    expect(normalisePhone('0722123456')).toBe('+250722123456')
    expect(normalisePhone('0738123456')).toBe('+250738123456')
    expect(normalisePhone('0791234567')).toBe('+250791234567')
  })

  it('accepts East African mobile numbers with their country code', () => {
    expect(normalisePhone('+254712345678')).toBe('+254712345678')
    expect(normalisePhone('+256772123456')).toBe('+256772123456')
    expect(normalisePhone('+255712345678')).toBe('+255712345678')
  })

  it('refuses landlines, other prefixes, other regions and garbage', () => {
    expect(normalisePhone('0252123456')).toBeNull()
    expect(normalisePhone('0712345678')).toBeNull()
    expect(normalisePhone('+14155552671')).toBeNull()
    expect(normalisePhone('12345')).toBeNull()
    expect(normalisePhone('call me')).toBeNull()
  })

  it('formats for display', () => {
    expect(formatPhone('+250788123456')).toBe('+250 788 123 456')
  })
})

describe('phoneInput', () => {
  it('gives the message keys the screen shows', () => {
    expect(phoneInput.safeParse('').error?.issues[0]?.message).toBe('errors.required')
    expect(phoneInput.safeParse('0712345678').error?.issues[0]?.message).toBe('vendor.phoneInvalid')
    expect(phoneInput.parse(' 0788123456 ')).toBe('+250788123456')
  })
})
