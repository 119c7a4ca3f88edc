import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../src/web/i18n/en.json'
import rw from '../../src/web/i18n/rw.json'

type Bundle = { [key: string]: string | Bundle }

function flatten(bundle: Bundle, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(bundle)) {
    if (typeof value === 'string') out.set(prefix + key, value)
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v)
  }
  return out
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) ? [full] : []
  })
}

const enKeys = flatten(en as Bundle)
const rwKeys = flatten(rw as Bundle)
/** i18next plural forms live under key_one / key_other and are looked up as `key`. */
const hasKey = (keys: Map<string, string>, key: string) => keys.has(key) || keys.has(`${key}_other`)

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

  it('keep the same {{placeholders}} in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()
    const mismatched = [...enKeys].filter(([key, text]) => placeholders(text).join() !== placeholders(rwKeys.get(key) ?? '').join())
    expect(mismatched.map(([key]) => key)).toEqual([])
  })

  // The server answers with message keys; each must exist or the user would see a raw key.
  it('contain every message key the server and shared rules can send', () => {
    const files = [...sourceFiles('src/server'), ...sourceFiles('src/shared')]
    const used = new Set<string>()
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/['`]((?:errors|auth|setup|vendor|admin|products|orders|payouts|messages|uploads)\.[a-zA-Z0-9.]+)['`]/g)) {
        used.add(match[1]!)
      }
    }
    expect(used.size).toBeGreaterThan(10)
    expect([...used].filter((key) => !hasKey(enKeys, key))).toEqual([])
  })

  it('carry the specification wording word for word', () => {
    expect(enKeys.get('auth.login.confirmedTitle')).toBe('Email Confirmed!')
    expect(enKeys.get('auth.register.passwordMismatch')).toBe('Passwords do not match')
    expect(enKeys.get('auth.register.passwordTooShort')).toBe('Password must be at least 6 characters long')
    expect(enKeys.get('auth.checkEmail.emailMissing')).toBe('Email address not found. Please sign up again.')
    expect(enKeys.get('auth.checkEmail.resendSuccess')).toBe('Confirmation email sent! Please check your inbox.')
    expect(enKeys.get('language.modalTitle')).toBe('Choose your language')
    expect(enKeys.get('language.continueEnglish')).toBe('Continue with English')
    expect(enKeys.get('common.loading')).toBe('Loading...')
  })
})
