import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { languageCookie, languageHeader, languages, type Language } from '../../shared/constants'
import { formatRwf } from '../../shared/money'
import en from '../../web/i18n/en.json' with { type: 'json' }
import rw from '../../web/i18n/rw.json' with { type: 'json' }
import type { Env } from './http'

/**
 * The screens' words (src/web/i18n), for what the server writes in the reader's language itself: the labels of
 * its CSV downloads. One bundle per language holds every word, and the glossary test holds the bundles to the
 * marketplace's terms (docs/glossary.md).
 */
type Bundle = { [key: string]: string | Bundle }
const bundles: Record<Language, Bundle> = { en: en as Bundle, rw: rw as Bundle }

function lookUp(bundle: Bundle, key: string): string | undefined {
  let found: string | Bundle | undefined = bundle
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined
  return typeof found === 'string' ? found : undefined
}

export type TextParams = Record<string, string | number>

/** A param as the screens write it: `{{amount, rwf}}` is money ('RWF 12,500', src/web/i18n/formats.ts). */
const formatted = (value: string | number, format: string | undefined) =>
  format === 'rwf' && typeof value === 'number' ? formatRwf(value) : String(value)

/**
 * A key's text in `language`, else in English, else `otherwise` (else the key); {{name}} (or {{name, rwf}}) filled
 * from params.
 */
export const textIn =
  (language: Language) =>
  (key: string, params: TextParams = {}, otherwise?: string): string =>
    (lookUp(bundles[language], key) ?? lookUp(bundles.en, key) ?? otherwise ?? key).replace(
      /{{\s*(\w+)\s*(?:,\s*(\w+)\s*)?}}/g,
      (placeholder, name: string, format: string | undefined) =>
        name in params ? formatted(params[name]!, format) : placeholder,
    )

const isLanguage = (value: unknown): value is Language => languages.includes(value as Language)

/**
 * The language of the person reading an answer: the one the screens say they show (their header, on every call
 * they make), else the one chosen in this browser (its cookie, which a plain download link carries), else the
 * one the user last used, else English.
 */
export function readerLanguage(c: Context<Env>): Language {
  const said = [c.req.header(languageHeader), getCookie(c, languageCookie), c.var.actor?.language]
  return said.find(isLanguage) ?? 'en'
}
