import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  statementDto,
  statementMonthQuery,
  statementPdfQuery,
  statementQuery,
  type StatementPdfQuery,
} from '../../shared/schemas/statement'
import { adminRouteGroup, adminScope, vendorRouteGroup, vendorScope } from '../auth/guards'
import type { Db } from '../db/client'
import type { Deps } from '../deps'
import { csvDownload } from '../lib/csv'
import { createRouter, type Env } from '../lib/http'
import { errorResponses, responds, respondsCsv } from '../lib/openapi'
import type { Scope } from '../lib/scope'
import { readerLanguage } from '../lib/texts'
import { exportStatement, getStatement, statementPdf, type StatementOptions } from './statement.service'

const vendorRoute = vendorRouteGroup('Vendor statement')
const adminRoute = adminRouteGroup('Admin statements')

/** `responds` for a PDF download. */
const respondsPdf = (...errors: Parameters<typeof errorResponses>) => ({
  200: {
    content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    description: 'The PDF file',
  },
  ...errorResponses(...errors),
})

const monthDescription =
  "One calendar month of the marketplace's time zone (Africa/Kigali by default): `month=YYYY-MM`, this month when left out."

/** The PDF as an attachment in the language asked for (else the reader's), never cached. */
async function pdfDownload(
  c: Context<Env>,
  db: Db,
  scope: Scope,
  vendorId: string | undefined,
  query: StatementPdfQuery,
  options: StatementOptions,
) {
  const language = query.lang ?? readerLanguage(c)
  const { fileName, bytes } = await statementPdf(db, scope, vendorId, query, language, options)
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  })
}

/**
 * Shop statements: the signed-in vendor's own (no vendor id is taken from the client) and, for an admin, any
 * shop's. Each a page of the month's lines (JSON), the whole month as CSV, or as a PDF.
 */
export function statementRoutes(deps: Deps) {
  const db = deps.database.db
  const options = () => ({ timeZone: deps.config.timeZone })
  return createRouter()
    .openapi(
      ...vendorRoute.list(
        '/api/vendor/statement',
        {
          summary:
            "The shop's statement for one month: its ledger lines newest first, 50 a page (`cursor`: the page after), with the opening and closing balances and the month's totals by kind",
          description: `${monthDescription} A line's amount is credited to the shop when positive; \`balanceAfter\` is the shop's balance after it. The totals come with the first page only.`,
          query: statementQuery,
        },
        [statementDto, 'One page of the statement'],
        (scope, query) => getStatement(db, scope, undefined, query, options()),
      ),
    )
    .openapi(
      ...vendorRoute.csv(
        '/api/vendor/statement.csv',
        {
          summary: "The shop's statement for one month as CSV (UTF-8 with BOM, RFC 4180), oldest line first",
          description: `${monthDescription} Headers and kinds in the reader's language; times on the marketplace's clock.`,
          query: statementMonthQuery,
        },
        'statement',
        (scope, query) => exportStatement(db, scope, undefined, query, options()),
      ),
    )
    .openapi(
      vendorRoute('get', '/api/vendor/statement.pdf', {
        summary:
          "The shop's statement for one month as a PDF: the shop and the marketplace with their TINs, the opening balance, every line and the closing balance",
        description: `${monthDescription} In \`lang\` (en or rw), else the reader's language.`,
        request: { query: statementPdfQuery },
        responses: respondsPdf(422),
      }),
      async (c) => pdfDownload(c, db, vendorScope(c), undefined, c.req.valid('query'), options()),
    )
    .openapi(
      adminRoute('get', '/api/admin/vendors/{id}/statement', {
        summary: "Any shop's statement for one month, as the vendor reads theirs",
        description: monthDescription,
        request: { query: statementQuery },
        responses: responds(statementDto, 'One page of the statement', 404, 422),
      }),
      async (c) =>
        c.json(
          await getStatement(db, adminScope(c), c.req.valid('param').id, c.req.valid('query'), options()),
          200,
        ),
    )
    .openapi(
      adminRoute('get', '/api/admin/vendors/{id}/statement.csv', {
        summary: "Any shop's statement for one month as CSV, oldest line first",
        description: monthDescription,
        request: { query: statementMonthQuery },
        responses: respondsCsv(404, 422),
      }),
      async (c) =>
        csvDownload(
          c,
          await exportStatement(db, adminScope(c), c.req.valid('param').id, c.req.valid('query'), options()),
          'statement',
        ),
    )
    .openapi(
      adminRoute('get', '/api/admin/vendors/{id}/statement.pdf', {
        summary: "Any shop's statement for one month as a PDF",
        description: `${monthDescription} In \`lang\` (en or rw), else the reader's language.`,
        request: { query: statementPdfQuery },
        responses: respondsPdf(404, 422),
      }),
      async (c) =>
        pdfDownload(c, db, adminScope(c), c.req.valid('param').id, c.req.valid('query'), options()),
    )
}
