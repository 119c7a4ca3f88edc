import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { languageCookie, languageStorageKey, languages, type Language } from '../../shared/language'
import { addFormats } from './formats'

/**
 * The texts of each language in parts, each its own chunk (vite.config.ts, textParts): `base` (the sign-in
 * screens and what every screen shows) loads at start; `areas` (both signed-in areas), `admin` and `setup` (the
 * operators' screens) with the first screen that needs them. The sign-in screen downloads no area's words; a
 * language is fetched only when chosen (English is also the fallback).
 */
export type TextPart = 'base' | 'areas' | 'admin' | 'setup'
type Texts = Record<string, unknown>
const load = (parts: Record<string, () => Promise<Texts>>, language: Language) => parts[`./${language}.json`]!
// Each a literal for Vite: one chunk per language and part, cut by the textParts plugin.
const partsOf: Record<TextPart, Record<string, () => Promise<Texts>>> = {
  base: import.meta.glob<Texts>('./{en,rw}.json', { query: '?part=base', import: 'default' }),
  areas: import.meta.glob<Texts>('./{en,rw}.json', { query: '?part=areas', import: 'default' }),
  admin: import.meta.glob<Texts>('./{en,rw}.json', { query: '?part=admin', import: 'default' }),
  setup: import.meta.glob<Texts>('./{en,rw}.json', { query: '?part=setup', import: 'default' }),
}
const textsOf = (language: string, part: TextPart) => load(partsOf[part], language === 'rw' ? 'rw' : 'en')()

/** The area parts asked for so far: a change of language fetches them too, with the base. */
const areaParts = new Set<TextPart>()

const bundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    Promise.all([textsOf(language, 'base'), ...[...areaParts].map((part) => textsOf(language, part))])
      .then((parts) => callback(null, Object.assign({}, ...parts) as Texts))
      .catch((error: Error) => callback(error, false))
  },
}

let initialized: Promise<unknown> | undefined

// However the texts are set up (initI18n here, or a test with its own options), they know the app's formats.
i18next.on('initialized', () => addFormats(i18next))

/**
 * Adds parts of the texts (each holds whole top-level sections: `vendor.*`, `admin.*`, …), in the language shown
 * and in English, the fallback. Fetched at once, alongside the base part on a first visit to the area.
 */
export async function loadTexts(parts: TextPart[]) {
  const missing = parts.filter((part) => !areaParts.has(part))
  if (!missing.length) return
  for (const part of missing) areaParts.add(part)
  const shown = i18next.resolvedLanguage ?? i18next.language ?? startLanguage()
  const wanted = [...new Set([shown, 'en'])]
  const fetched = await Promise.all(
    wanted.flatMap((language) =>
      missing.map(async (part) => ({ language, texts: await textsOf(language, part) })),
    ),
  )
  await initialized
  for (const { language, texts } of fetched)
    i18next.addResourceBundle(language, 'translation', texts, true, true)
}

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(languageStorageKey)
    return languages.includes(value as Language) ? (value as Language) : null
  } catch {
    return null
  }
}

/** The language a visit starts in: the one chosen before, else English. */
export const startLanguage = (): Language => storedLanguage() ?? 'en'

/** Tells the server the language chosen, for the pages it sends next (languageCookie). */
function languageToCookie(language: Language) {
  document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`
}

export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(languageStorageKey, language)
  } catch {
    // Private mode without storage: the choice still applies for this visit.
  }
  languageToCookie(language)
  document.documentElement.lang = language
  return i18next.changeLanguage(language)
}

/**
 * index.html is static and written in English: its description follows the chosen language. i18next emits
 * languageChanged once that language's bundle has loaded, at start-up and on every change.
 */
function describeDocument() {
  document
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', i18next.t('common.metaDescription'))
}

export function initI18n() {
  const initial = startLanguage()
  document.documentElement.lang = initial
  // A choice made before the cookie existed reaches the server too.
  const chosen = storedLanguage()
  if (chosen) languageToCookie(chosen)
  i18next.off('languageChanged', describeDocument)
  i18next.on('languageChanged', describeDocument)
  initialized = i18next
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      lng: initial,
      fallbackLng: 'en',
      supportedLngs: [...languages],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
  return initialized
}

export { i18next }
