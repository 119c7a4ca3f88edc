import { describe, expect, it } from 'vitest'
import en from '../../src/web/i18n/en.json'
import rw from '../../src/web/i18n/rw.json'
import { flattenBundle, hasKey, serverMessageKeys, type Bundle } from '../../scripts/i18n-server-keys'

const enKeys = flattenBundle(en as Bundle)
const rwKeys = flattenBundle(rw as Bundle)
/** The bundles' top-level sections (errors, auth, vendor, …), read from the bundles themselves. */
const sections = [...new Set([...Object.keys(en), ...Object.keys(rw)])]

describe('language bundles', () => {
  // Every screen must read in Kinyarwanda too: a key missing from rw would silently show English.
  it('have the same keys in English and Kinyarwanda', () => {
    expect([...enKeys.keys()].filter((key) => !rwKeys.has(key))).toEqual([])
    expect([...rwKeys.keys()].filter((key) => !enKeys.has(key))).toEqual([])
  })

  // An untranslated copy is not a translation (names such as Isoko, API and SMTP may stay the same).
  it('translate the sentences rather than copy the English', () => {
    const copied = [...enKeys].filter(([key, text]) => text.split(' ').length > 3 && rwKeys.get(key) === text)
    expect(copied).toEqual([])
  })

  // A vendor told that GOOGLE_CLIENT_ID is missing can do nothing with it: settings are named only on the screens
  // only operators open (the set-up screens, the diagnostics page) and in the server's log.
  it('name server settings only on the operators’ screens', () => {
    const operatorSections = /^(setup|setupAdmin|setupGoogle|debug)\./
    const operatorKeys = new Set(['auth.google.notConfiguredSetup'])
    const setting = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/
    for (const keys of [enKeys, rwKeys]) {
      const naming = [...keys].filter(
        ([key, text]) => setting.test(text) && !operatorSections.test(key) && !operatorKeys.has(key),
      )
      expect(naming.map(([key]) => key)).toEqual([])
    }
  })

  it('keep the same {{placeholders}} in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()
    const mismatched = [...enKeys].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(rwKeys.get(key) ?? '').join(),
    )
    expect(mismatched.map(([key]) => key)).toEqual([])
  })

  // The server answers with message keys; each must exist or the user would see a raw key.
  // These keys are the API's contract (tests/api asserts them): scripts/i18n-server-keys.ts lists them.
  it('contain every message key the server and shared rules can send', () => {
    const { keys: used, prefixes } = serverMessageKeys(sections)
    expect(used.size).toBeGreaterThan(10)
    expect([...used].filter((key) => !hasKey(enKeys, key))).toEqual([])
    expect([...used].filter((key) => !hasKey(rwKeys, key))).toEqual([])
    // Keys completed at run time, such as `setup.token.${reason}`: the section must have keys.
    for (const keys of [enKeys, rwKeys]) {
      expect(
        [...prefixes].filter((prefix) => ![...keys.keys()].some((key) => key.startsWith(prefix))),
      ).toEqual([])
    }
  })

  it('carry the specification wording word for word', () => {
    expect(enKeys.get('auth.login.confirmedTitle')).toBe('Email Confirmed!')
    expect(enKeys.get('auth.register.passwordMismatch')).toBe('Passwords do not match')
    expect(enKeys.get('auth.register.passwordTooShort')).toBe('Password must be at least 6 characters long')
    expect(enKeys.get('auth.checkEmail.emailMissing')).toBe('Email address not found. Please sign up again.')
    expect(enKeys.get('auth.checkEmail.resendSuccess')).toBe(
      'Confirmation email sent! Please check your inbox.',
    )
    expect(enKeys.get('language.modalTitle')).toBe('Choose your language')
    expect(enKeys.get('language.continueEnglish')).toBe('Continue with English')
    expect(enKeys.get('common.loading')).toBe('Loading...')
  })
})
