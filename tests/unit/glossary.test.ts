import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../src/web/i18n/en.json'
import rw from '../../src/web/i18n/rw.json'
import glossary from '../../src/web/i18n/glossary.json'
import { flattenBundle, type Bundle } from '../../scripts/i18n-server-keys'

type Term = {
  term: string
  agreed: string
  en?: string
  rw?: string
  except?: string[]
  forbidden?: string[]
}
const terms: Term[] = glossary.terms
const enTexts = flattenBundle(en as Bundle)
const rwTexts = flattenBundle(rw as Bundle)

/** A text as the words a reader sees: no {{placeholders}} or $t(nested keys), one kind of apostrophe. */
const words = (text: string) =>
  text
    .replace(/{{[^}]*}}/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/[’‘]/g, "'")
const pattern = (source: string) => new RegExp(source, 'iu')

/** The server's Kinyarwanda wording tables (mail, from `rw: {` on): the same words reach vendors' inboxes. */
function serverKinyarwanda(): string[] {
  const dir = 'src/server/mail'
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((source) => source.includes('\n  rw: {'))
    .map((source) => source.slice(source.indexOf('\n  rw: {')))
}

// One marketplace, one word for each of its things: a vendor who reads "itegeko" (a law) where the menu says
// "ibyatumijwe" cannot tell they are the same orders.
describe('the glossary of the marketplace', () => {
  it('forbids its wrong variants in every Kinyarwanda text of the screens', () => {
    const found = terms.flatMap(({ term, forbidden = [] }) =>
      forbidden.flatMap((variant) =>
        [...rwTexts]
          .filter(([, text]) => pattern(variant).test(words(text)))
          .map(([key, text]) => `${key} (${term}): ${text}`),
      ),
    )
    expect(found).toEqual([])
  })

  it('forbids them in the Kinyarwanda the server writes (mail)', () => {
    const found = terms.flatMap(({ forbidden = [] }) =>
      forbidden.filter((variant) =>
        serverKinyarwanda().some((source) => pattern(variant).test(words(source))),
      ),
    )
    expect(found).toEqual([])
  })

  it('uses the agreed Kinyarwanda wherever the English uses one of its terms', () => {
    const missing = terms
      .filter((term) => term.en && term.rw)
      .flatMap(({ term, en: enWord, rw: rwWord, except = [] }) =>
        [...enTexts]
          .filter(([, text]) => {
            const english = except.reduce((left, phrase) => left.replace(pattern(phrase), ' '), words(text))
            return pattern(enWord!).test(english)
          })
          .filter(([key]) => !pattern(rwWord!).test(words(rwTexts.get(key) ?? '')))
          .map(([key, text]) => `${key} (${term}): "${text}" → "${rwTexts.get(key)}"`),
      )
    expect(missing).toEqual([])
  })

  it('translates every word but the names it keeps', () => {
    const names = new Set(glossary.names)
    const copied = [...enTexts]
      .filter(([key, text]) => rwTexts.get(key) === text && /\p{L}/u.test(words(text)))
      .filter(([, text]) => !names.has(text))
      .map(([key, text]) => `${key}: ${text}`)
    expect(copied).toEqual([])
  })

  it('is written out for readers in docs/glossary.md', () => {
    // Table cells as written, whatever padding lines the columns up.
    const page = readFileSync('docs/glossary.md', 'utf8').replace(/ +/g, ' ')
    expect(
      terms.filter(({ term, agreed }) => !page.includes(`| ${term} | ${agreed} |`)).map(({ term }) => term),
    ).toEqual([])
  })
})
