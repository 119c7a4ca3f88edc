import type { APIError } from 'better-auth/api'

/**
 * The auth library's error class, known once the library is loaded (auth.ts loads it on first use). Its calls
 * are the only source of such errors, so an error caught from one of them is checked after the load.
 */
let libraryError: typeof APIError | undefined

export function rememberLibraryError(errorClass: typeof APIError) {
  libraryError = errorClass
}

/** An error the auth library threw (its APIError: a status and a body with the library's code). */
export const isAuthError = (error: unknown): error is APIError =>
  libraryError !== undefined && error instanceof libraryError
