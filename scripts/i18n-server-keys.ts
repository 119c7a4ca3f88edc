/**
 * The message keys the server can send ({ error: { messageKey } }) and the shared zod rules carry: every string
 * literal in src/server and src/shared that names a key of the bundles' top-level sections. These keys are part
 * of the API contract (tests/api asserts them), so they keep their path when the bundles are reorganised.
 *
 *   npx tsx scripts/i18n-server-keys.ts   lists them and fails if one is missing from en.json or rw.json
 *
 * tests/unit/i18n-bundles.test.ts runs the same check.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type Bundle = { [key: string]: string | Bundle }

/** 'a.b.c' → text, for every string of a bundle. */
export function flattenBundle(bundle: Bundle, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(bundle)) {
    if (typeof value === 'string') out.set(prefix + key, value)
    else for (const [k, v] of flattenBundle(value, `${prefix}${key}.`)) out.set(k, v)
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const dotted = `[a-zA-Z][a-zA-Z0-9]*(?:\\.[a-zA-Z0-9_]+)+`
/** Where a string is a message key whatever its section: AppError's key, a zod rule's message. */
const keyPositions = [
  new RegExp(`new AppError\\([^,()]+,\\s*['"\`](${dotted})['"\`]`, 'g'),
  new RegExp(`\\b(?:message|error):\\s*['"\`](${dotted})['"\`]`, 'g'),
]

/**
 * Keys written out ('products.staleVersion') and key prefixes completed at run time
 * (`setup.token.${reason}` gives 'setup.token.'): every string under one of `sections` (the bundles' top
 * level), and every string in a message-key position (so a key under a section the bundles lack is found too).
 */
export function serverMessageKeys(sections: string[], roots = ['src/server', 'src/shared']) {
  const section = sections.map(escapeRegExp).join('|')
  const whole = new RegExp(`['"\`]((?:${section})(?:\\.[a-zA-Z0-9_]+)+)['"\`]`, 'g')
  const dynamic = new RegExp(`\`((?:${section})(?:\\.[a-zA-Z0-9_]+)*\\.)\\$\\{`, 'g')
  const keys = new Set<string>()
  const prefixes = new Set<string>()
  for (const file of roots.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8')
    for (const pattern of [whole, ...keyPositions])
      for (const match of text.matchAll(pattern)) keys.add(match[1]!)
    for (const match of text.matchAll(dynamic)) prefixes.add(match[1]!)
  }
  return { keys, prefixes }
}

/** i18next plural forms live under key_one / key_other and are looked up as `key`. */
export const hasKey = (keys: Map<string, string>, key: string) => keys.has(key) || keys.has(`${key}_other`)

/** The server's keys (and key prefixes) that a bundle lacks. */
export function missingServerKeys(bundle: Bundle, sections = Object.keys(bundle)) {
  const flat = flattenBundle(bundle)
  const { keys, prefixes } = serverMessageKeys(sections)
  return [
    ...[...keys].filter((key) => !hasKey(flat, key)),
    ...[...prefixes]
      .filter((prefix) => ![...flat.keys()].some((key) => key.startsWith(prefix)))
      .map((p) => `${p}*`),
  ]
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const read = (file: string) => JSON.parse(readFileSync(`src/web/i18n/${file}`, 'utf8')) as Bundle
  const en = read('en.json')
  const rw = read('rw.json')
  const { keys, prefixes } = serverMessageKeys(Object.keys(en))
  console.log([...keys].sort().join('\n'))
  console.log(
    [...prefixes]
      .sort()
      .map((prefix) => `${prefix}*`)
      .join('\n'),
  )
  let failed = false
  for (const [name, bundle] of [
    ['en.json', en],
    ['rw.json', rw],
  ] as const) {
    const missing = missingServerKeys(bundle, Object.keys(en))
    if (missing.length) {
      failed = true
      console.error(`${name} lacks: ${missing.join(', ')}`)
    }
  }
  console.log(
    `${keys.size} keys and ${prefixes.size} prefixes from src/server and src/shared${failed ? '' : ': all in en.json and rw.json'}`,
  )
  process.exitCode = failed ? 1 : 0
}
