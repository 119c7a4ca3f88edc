import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { languageStorageKey, languages, type Language } from '../../shared/constants'

/** Each language is its own chunk, fetched only when chosen (English is also the fallback). */
const bundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = language === 'rw' ? import('./rw.json') : import('./en.json')
    load.then((module) => callback(null, module.default)).catch((error: Error) => callback(error, false))
  },
}

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(languageStorageKey)
    return languages.includes(value as Language) ? (value as Language) : null
  } catch {
    return null
  }
}

export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(languageStorageKey, language)
  } catch {
    // Private mode without storage: the choice still applies for this visit.
  }
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
  const initial = storedLanguage() ?? 'en'
  document.documentElement.lang = initial
  i18next.off('languageChanged', describeDocument)
  i18next.on('languageChanged', describeDocument)
  return i18next
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
}

export { i18next }
