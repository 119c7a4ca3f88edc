/**
 * PostgreSQL text cannot hold U+0000: a request carrying it would fail in the database with a 500. Every
 * free-text field refuses it up front with this rule (`.regex(noNul, invalidCharacters)`), so the user
 * reads a clear message and nothing is written.
 */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point of this rule
export const noNul = /^[^\u0000]*$/
export const invalidCharacters = 'errors.invalidCharacters'
