import type { ParseKeys, TFunction } from 'i18next'

/**
 * A key of the bundles as t() takes it ('vendor.products.title'; 'vendor.products.count' for count_one/_other).
 * The bundles' layout: `actions.*` buttons, `fields.*` labels of data several screens show, `status.*`,
 * `categories.*` and `colors.*` (product vocabulary), `pager.*`, `uploads.*` and `common.*` for shared pieces;
 * `auth.*`, `debug.*`, `setup*.*` etc. for the public screens; `vendor.*` for the vendor area's screens
 * (`admin.*` for the admin area's). Keys the server sends (errors.*, products.staleVersion, …) keep their path:
 * see scripts/i18n-server-keys.ts.
 */
export type TextKey = ParseKeys

/** The keys under one section: `KeysUnder<'nav'>` is 'nav.dashboard' | 'nav.products' | … */
export type KeysUnder<Prefix extends string> = Extract<TextKey, `${Prefix}.${string}`>

/** What may follow a prefix: `KeyPart<'status'>` is 'pending' | 'approved' | …, for t(`status.${part}`). */
export type KeyPart<Prefix extends string, Key = KeysUnder<Prefix>> = Key extends `${Prefix}.${infer Part}`
  ? Part
  : never

type Options = { defaultValue?: string } & Record<string, unknown>

/**
 * The text of a message key that arrives as a plain string: an ApiError's messageKey or field keys, a message
 * of the shared zod rules (src/shared), the reason an upload was refused. These keys are the server's contract,
 * so the compiler cannot check them; scripts/i18n-server-keys.ts and tests/unit/i18n-bundles.test.ts check that
 * each exists in both bundles instead. This is the one place where an unchecked string reaches t().
 */
export function messageText(t: TFunction, key: string, options?: Options): string {
  const untyped = t as unknown as (key: string, options?: Options) => string
  return untyped(key, options)
}
