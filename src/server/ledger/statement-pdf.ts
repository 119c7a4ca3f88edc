import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatRwf } from '../../shared/money'
import {
  describeStatementLine,
  statementLineKinds,
  statementMonthName,
  type StatementLine,
  type StatementTotals,
} from '../../shared/schemas/statement'
import { zonedParts } from '../lib/calendar'
import type { TextParams } from '../lib/texts'

/**
 * A shop's statement for one month as a PDF (A4, the standard Helvetica fonts, nothing embedded): who it is of
 * (the shop and its TIN) and from whom (the marketplace and its TIN), the opening balance, every line with the
 * balance after it, the closing balance and the month's totals by kind, with a header and page numbers on every
 * page. Words come in the reader's language (`text`), times on the marketplace's clock.
 */

export type StatementPdfInput = {
  shop: { name: string; tin: string | null; vatRegistered: boolean }
  marketplace: { name: string; tin: string | null }
  month: string
  startsAt: Date
  endsAt: Date
  openingBalance: number
  closingBalance: number
  totals: StatementTotals
  lines: StatementLine[]
  generatedAt: Date
  timeZone: string
}

type Text = (key: string, params?: TextParams) => string

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 40
const HEADER_BOTTOM = A4.height - 58
const FOOTER_TOP = 52
const ROW_SIZE = 8.5
const ROW_LEADING = 11
const grey = rgb(0.35, 0.35, 0.35)
const rule = rgb(0.75, 0.75, 0.75)

/** The table's columns, left to right (x from the margin; `right`: the text ends at x + width). */
const columns = {
  date: { x: 0, width: 78 },
  seq: { x: 80, width: 34, right: true },
  what: { x: 124, width: 211 },
  amount: { x: 340, width: 85, right: true },
  balance: { x: 430, width: 85, right: true },
} as const

/**
 * Text the standard fonts can draw: they encode WinAnsi (Latin-1 and a few signs) only, and refuse anything else.
 * A letter with a mark they lack loses the mark (ŝ → s); any other character becomes '?'; line breaks and tabs
 * become spaces. Applied to every string drawn, the shop's own words included.
 */
export function winAnsiText(font: PDFFont, text: string): string {
  const drawable = new Set(font.getCharacterSet())
  let out = ''
  for (const character of text.normalize('NFC').replace(/\s/g, ' ')) {
    if (drawable.has(character.codePointAt(0)!)) {
      out += character
      continue
    }
    const bare = character.normalize('NFKD').replace(/\p{M}/gu, '')
    out += bare && [...bare].every((c) => drawable.has(c.codePointAt(0)!)) ? bare : '?'
  }
  return out
}

/** `text` cut into lines no wider than `width` (a word longer than a line is cut where it must). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = []
  let current = ''
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word
    if (fits(candidate)) {
      current = candidate
      continue
    }
    if (current) lines.push(current)
    current = word
    while (!fits(current)) {
      let cut = current.length - 1
      while (cut > 1 && !fits(current.slice(0, cut))) cut -= 1
      lines.push(current.slice(0, cut))
      current = current.slice(cut)
    }
  }
  if (current) lines.push(current)
  return lines.length > 0 ? lines : ['']
}

/** At most `max` lines; the last one ends with an ellipsis when some were left out. */
function atMost(font: PDFFont, lines: string[], max: number, size: number, width: number) {
  if (lines.length <= max) return lines
  let last = lines[max - 1]!
  while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1)
  return [...lines.slice(0, max - 1), `${last}…`]
}

export async function renderStatementPdf(input: StatementPdfInput, text: Text): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const safe = (value: string) => winAnsiText(regular, value)
  const monthName = statementMonthName(input.month, text)
  const title = text('statement.pdf.title')
  doc.setTitle(safe(`${title} - ${input.shop.name} - ${monthName}`))
  doc.setAuthor(safe(input.marketplace.name))
  doc.setCreationDate(input.generatedAt)
  doc.setModificationDate(input.generatedAt)

  const day = (date: Date) => zonedParts(date, input.timeZone).day
  const dateTime = (date: Date) => {
    const { day: d, time } = zonedParts(date, input.timeZone)
    return `${d} ${time}`
  }

  const pages: PDFPage[] = []
  let page!: PDFPage
  let y = 0
  const draw = (
    value: string,
    x: number,
    at: number,
    { size = ROW_SIZE, font = regular, right = false, width = 0, color = rgb(0, 0, 0) } = {},
  ) => {
    const safeValue = winAnsiText(font, value)
    const left = right ? MARGIN + x + width - font.widthOfTextAtSize(safeValue, size) : MARGIN + x
    page.drawText(safeValue, { x: left, y: at, size, font, color })
  }
  const line = (at: number) =>
    page.drawLine({
      start: { x: MARGIN, y: at },
      end: { x: A4.width - MARGIN, y: at },
      thickness: 0.5,
      color: rule,
    })

  const tableHeader = () => {
    draw(text('statement.pdf.columns.date'), columns.date.x, y, { font: bold })
    draw(text('statement.pdf.columns.seq'), columns.seq.x, y, {
      font: bold,
      right: true,
      width: columns.seq.width,
    })
    draw(text('statement.pdf.columns.what'), columns.what.x, y, { font: bold })
    draw(text('statement.pdf.columns.amount'), columns.amount.x, y, {
      font: bold,
      right: true,
      width: columns.amount.width,
    })
    draw(text('statement.pdf.columns.balance'), columns.balance.x, y, {
      font: bold,
      right: true,
      width: columns.balance.width,
    })
    line(y - 4)
    y -= ROW_LEADING + 4
  }
  const newPage = (withTable: boolean) => {
    page = doc.addPage([A4.width, A4.height])
    pages.push(page)
    y = HEADER_BOTTOM - 18
    if (withTable) tableHeader()
  }
  /** Room for `height` more points on this page, else a new page (with the table's header). */
  const room = (height: number) => {
    if (y - height < FOOTER_TOP + 12) newPage(true)
  }

  // ── The first page: who, when, and the month in figures ──
  newPage(false)
  draw(title, 0, y, { size: 18, font: bold })
  y -= 20
  draw(monthName, 0, y, { size: 12 })
  y -= 26
  const party = (x: number, label: string, name: string, tin: string | null, extra?: string) => {
    let at = y
    draw(label, x, at, { font: bold, size: 9, color: grey })
    at -= 13
    for (const part of atMost(bold, wrap(bold, winAnsiText(bold, name), 11, 240), 2, 11, 240)) {
      draw(part, x, at, { size: 11, font: bold })
      at -= 14
    }
    draw(tin ? text('statement.pdf.tin', { tin }) : text('statement.pdf.tinNotGiven'), x, at, { size: 9 })
    at -= 12
    if (extra) {
      draw(extra, x, at, { size: 9 })
      at -= 12
    }
    return at
  }
  const shopBottom = party(
    0,
    text('statement.pdf.shop'),
    input.shop.name,
    input.shop.tin,
    input.shop.vatRegistered ? text('statement.pdf.vatRegistered') : undefined,
  )
  const marketplaceBottom = party(
    270,
    text('statement.pdf.marketplace'),
    input.marketplace.name,
    input.marketplace.tin,
  )
  y = Math.min(shopBottom, marketplaceBottom) - 8
  const lastDay = new Date(input.endsAt.getTime() - 1)
  draw(
    text('statement.pdf.period', {
      from: day(input.startsAt),
      to: day(lastDay),
      timeZone: input.timeZone,
    }),
    0,
    y,
    { size: 9 },
  )
  y -= 12
  for (const part of wrap(regular, safe(text('statement.pdf.amountsNote')), 9, A4.width - 2 * MARGIN)) {
    draw(part, 0, y, { size: 9, color: grey })
    y -= 12
  }
  y -= 8

  // The month in figures: opening, each kind the month has, closing.
  const figure = (label: string, amount: number, font = regular) => {
    draw(label, 0, y, { size: 10, font })
    draw(formatRwf(amount), 250, y, { size: 10, font, right: true, width: 120 })
    y -= 14
  }
  figure(text('statement.opening'), input.openingBalance, bold)
  for (const kind of statementLineKinds) {
    if (input.totals[kind] !== 0) figure(text(`statement.kinds.${kind}`), input.totals[kind])
  }
  figure(text('statement.closing'), input.closingBalance, bold)
  y -= 14

  // ── Every line, oldest first, between the opening and the closing balance ──
  tableHeader()
  const balanceRow = (label: string, balance: number) => {
    room(ROW_LEADING)
    draw(label, columns.what.x, y, { font: bold })
    draw(formatRwf(balance), columns.balance.x, y, { font: bold, right: true, width: columns.balance.width })
    y -= ROW_LEADING
  }
  balanceRow(text('statement.opening'), input.openingBalance)
  if (input.lines.length === 0) {
    room(ROW_LEADING)
    draw(text('statement.pdf.noLines'), columns.what.x, y, { color: grey })
    y -= ROW_LEADING
  }
  for (const entry of input.lines) {
    const ref = describeStatementLine(entry, text)
    const what = `${text(`statement.kinds.${entry.kind}`)}${ref ? ` - ${ref}` : ''}`
    const parts = atMost(
      regular,
      wrap(regular, safe(what), ROW_SIZE, columns.what.width),
      3,
      ROW_SIZE,
      columns.what.width,
    )
    room(parts.length * ROW_LEADING)
    draw(dateTime(new Date(entry.date)), columns.date.x, y)
    draw(String(entry.seq), columns.seq.x, y, { right: true, width: columns.seq.width, color: grey })
    draw(formatRwf(entry.amount), columns.amount.x, y, { right: true, width: columns.amount.width })
    draw(formatRwf(entry.balanceAfter), columns.balance.x, y, {
      right: true,
      width: columns.balance.width,
    })
    for (const part of parts) {
      draw(part, columns.what.x, y)
      y -= ROW_LEADING
    }
  }
  line(y + ROW_LEADING - 3)
  balanceRow(text('statement.closing'), input.closingBalance)

  // ── On every page: the header, and the footer with its number ──
  const header = `${input.marketplace.name} - ${title} - ${input.shop.name} - ${monthName}`
  const generated = text('statement.pdf.generated', {
    date: `${dateTime(input.generatedAt)} (${input.timeZone})`,
  })
  pages.forEach((each, index) => {
    page = each
    const headerLine = atMost(regular, wrap(regular, safe(header), 8, A4.width - 2 * MARGIN), 1, 8, 515)[0]!
    draw(headerLine, 0, A4.height - 36, { size: 8, color: grey })
    line(HEADER_BOTTOM)
    line(FOOTER_TOP)
    draw(generated, 0, FOOTER_TOP - 14, { size: 8, color: grey })
    draw(text('statement.pdf.page', { page: index + 1, pages: pages.length }), 0, FOOTER_TOP - 14, {
      size: 8,
      color: grey,
      right: true,
      width: A4.width - 2 * MARGIN,
    })
  })
  return doc.save()
}
