/**
 * The languages and how a choice travels (storage, cookie, header). Apart from constants.ts, with the one URL the
 * sign-in screen needs: the first screen's code imports these, and a module travels whole, so importing
 * constants.ts would send the marketplace's lists (categories, colours, sizes, plans) with every first visit.
 */

export const languages = ['en', 'rw'] as const
export type Language = (typeof languages)[number]
export const languageStorageKey = 'app.language'
/**
 * The chosen language, also kept in a cookie: the server reads it to list the right language's text files in
 * the page it sends (src/server/system/web-pages.ts), and whether to list the language question's.
 */
export const languageCookie = 'app-language'
/** The header in which the screens tell the server the language they show (see auth/language.ts). */
export const languageHeader = 'x-isoko-language'

/**
 * better-auth's own endpoint that starts the Google redirect flow (the one auth route not wrapped by Isoko).
 * Here rather than beside the auth schemas: the sign-in screen needs the URL, not the schemas' code.
 */
export const GOOGLE_SIGN_IN_URL = '/api/auth/sign-in/social'
