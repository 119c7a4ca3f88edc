import { z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import {
  RECONCILIATIONS_URL,
  reconciliationLimits,
  reconciliationRunDetailsDto,
  reconciliationRunList,
  statementImportInput,
  statementPeriodFields,
  withStatementPeriod,
  type StatementImportInput,
} from '../../shared/schemas/reconciliation'
import { adminRouteGroup, adminScope } from '../auth/guards'
import type { Deps } from '../deps'
import { AppError } from '../lib/errors'
import { createRouter, refuseOversizeBody } from '../lib/http'
import { creates, fileField, responds } from '../lib/openapi'
import {
  getReconciliationRun,
  importStatement,
  listReconciliationRuns,
  type ReconciliationContext,
} from './reconciliation.service'
import { statementText, statementTooLarge } from './statement-layouts'

/** The import's path, for its body limit in app.ts (the routes below write it out, so a search finds them). */
export { RECONCILIATIONS_URL }

/**
 * The statement import's body limit, in place of the 1 MB every other request has (app.ts): the 2 MB text, as
 * JSON may escape it (a quote is two characters there) or as a form wraps it.
 */
export const reconciliationBodyLimit = bodyLimit({
  maxSize: 2 * reconciliationLimits.maxBytes + 64 * 1024,
  onError: (c) => refuseOversizeBody(c, statementTooLarge()),
})

/** The same statement as a file: the form the screen's upload sends. */
const statementForm = withStatementPeriod(
  z.object({
    ...statementPeriodFields,
    file: fileField(
      'reconciliation.errors.fileRequired',
      "The provider's statement as its portal exported it (CSV, UTF-8, at most 2 MB)",
    ),
  }),
)

const adminRoute = adminRouteGroup('Admin reconciliation')

/**
 * Reconciliation (reconciliation.service.ts): an admin imports a provider's statement and sees what differs from
 * Isoko's transfers; the daily check's runs are listed beside the imports.
 */
export function reconciliationRoutes(deps: Deps) {
  const ctx: ReconciliationContext = { ...deps.payments, timeZone: deps.config.timeZone }
  return createRouter()
    .openapi(
      adminRoute('post', '/api/admin/reconciliations', {
        summary:
          "Import a provider's statement (CSV) and reconcile it with Isoko's transfers of those days; audited",
        description:
          'JSON {provider, fromDay, toDay, fileName?, csv} or multipart/form-data {provider, fromDay, toDay, file}. ' +
          'Each successful line is matched to a transfer by our reference (MTN’s External Transaction Id, Airtel’s ' +
          'External Transaction ID, pawaPay’s Transaction ID), else by the provider’s transaction id. The answer lists ' +
          'missing_in_isoko (the provider paid, Isoko does not show it paid), missing_at_provider (Isoko shows paid ' +
          'what the statement lacks or lists as not successful) and amount_differs. A file that is not that provider’s ' +
          'statement is 422 with reconciliation.errors.* (notProviderStatement {provider, cols}, fileEmpty, notText, ' +
          'tooLarge {max}, tooManyRows {max, rows}, badQuoting {row}, badAmount {row, value}, badDate {row, value}, ' +
          'wrongCurrency {row, currency}) and stores nothing.',
        request: {
          body: {
            content: {
              'application/json': { schema: statementImportInput },
              'multipart/form-data': { schema: statementForm },
            },
            required: false,
          },
        },
        responses: creates(reconciliationRunDetailsDto, 'The run, with its differences', 422),
      }),
      async (c) => {
        // One validator per declared media type; each runs on the body of its own type, and the library types either
        // one as both: which one arrived is read from the request itself.
        const isForm = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '')
        let input: StatementImportInput
        if (isForm) {
          const { file, ...period } = c.req.valid('form') as z.output<typeof statementForm>
          if (file.size > reconciliationLimits.maxBytes) throw statementTooLarge()
          const name = file instanceof File && file.name ? file.name.slice(0, 200) : undefined
          input = {
            ...period,
            fileName: name,
            csv: statementText(new Uint8Array(await file.arrayBuffer())),
          }
        } else {
          // The body is optional to the validator so that either kind may come: with neither, there is nothing.
          input = c.req.valid('json') as StatementImportInput
          if (typeof input.csv !== 'string') {
            throw new AppError('VALIDATION', 'reconciliation.errors.fileRequired', undefined, {
              csv: 'reconciliation.errors.fileRequired',
            })
          }
        }
        return c.json(await importStatement(ctx, adminScope(c), input), 201)
      },
    )
    .openapi(
      ...adminRoute.list(
        '/api/admin/reconciliations',
        {
          summary:
            'The latest 20 reconciliations, newest first: imported statements and the daily check, with how many ' +
            'differences of each kind',
          query: z.object({}),
        },
        [reconciliationRunList, 'The runs'],
        () => listReconciliationRuns(ctx, { limit: 20 }),
      ),
    )
    .openapi(
      adminRoute('get', '/api/admin/reconciliations/{id}', {
        summary: 'One reconciliation with its differences, each with its transfer’s shop when Isoko knows it',
        responses: responds(reconciliationRunDetailsDto, 'The run', 404),
      }),
      async (c) => c.json(await getReconciliationRun(ctx, c.req.valid('param').id), 200),
    )
}
