import { z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import {
  ORDER_IMPORT_URL,
  adminOrderDetailsDto,
  adminOrderDto,
  adminOrderFilters,
  adminOrderInput,
  adminOrderListDto,
  adminOrderListQuery,
  adminOrderStatusInput,
  bulkCompleteMax,
  completeOrdersDto,
  completeOrdersInput,
  orderDto,
  orderImportLimits,
  orderImportQuery,
  orderImportResultDto,
  orderListDto,
  orderListQuery,
  orderStatusInput,
  productChoicesDto,
  productChoicesQuery,
  shopChoicesDto,
  shopChoicesQuery,
} from '../../shared/schemas/order'
import { csvDownload } from '../lib/csv'
import { adminScope, adminRouteGroup, vendorRouteGroup, vendorScope } from '../auth/guards'
import { createRouter, refuseOversizeBody } from '../lib/http'
import type { Deps } from '../deps'
import { creates, fileField, jsonBody, responds, respondsCsv } from '../lib/openapi'
import {
  deleteAdminOrder,
  exportAdminOrders,
  getAdminOrder,
  listAdminOrders,
  listProductChoices,
  listShopChoices,
  setAdminOrderStatus,
} from './admin-orders.service'
import { importFileTooLarge, importOrders, orderImportTemplate } from './order-import'
import { completeVendorOrders, createAdminOrder, listOrders, setVendorOrderStatus } from './orders.service'

/** Multipart boundaries and part headers around the file: generous, still bounded. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/** The import's body limit, in place of the 1 MB every other request has (app.ts): the file's limit and its wrapping. */
export const orderImportBodyLimit = bodyLimit({
  maxSize: orderImportLimits.maxBytes + MULTIPART_OVERHEAD_BYTES,
  onError: (c) => refuseOversizeBody(c, importFileTooLarge()),
})

const importForm = z.object({
  file: fileField('orders.import.fileRequired', 'The CSV file (UTF-8), at most 2 MB and 10,000 rows'),
})

/**
 * The signed-in vendor's orders (the vendor comes from the session; another vendor's order is NOT_FOUND),
 * and the admin's order form.
 */
const vendorRoute = vendorRouteGroup('Vendor orders')
const adminRoute = adminRouteGroup('Admin orders')

export function orderRoutes(deps: Deps) {
  const db = deps.database.db
  return createRouter()
    .openapi(
      ...vendorRoute.list(
        '/api/vendor/orders',
        {
          summary:
            "The vendor's orders, newest first: status, q (customer name, e-mail or phone, product, order number) and the days they were placed on (from, to: Kigali days, both included)",
          query: orderListQuery,
        },
        [orderListDto, 'One page of orders'],
        (scope, query) => listOrders(db, scope, query, { timeZone: deps.config.timeZone }),
      ),
    )
    .openapi(
      ...vendorRoute.change(
        'patch',
        '/api/vendor/orders/{id}/status',
        {
          summary: 'Mark an order completed (from pending) or refunded (from completed); refunded is final',
          description: 'Any other move is 409 orders.invalidTransition with params {from, to}.',
          body: orderStatusInput,
          responses: responds(orderDto, 'Updated', 409, 422),
        },
        (scope, id, input) => setVendorOrderStatus(db, scope, id, input.status),
      ),
    )
    .openapi(
      vendorRoute('post', '/api/vendor/orders/complete', {
        summary: `Mark several pending orders completed at once (at most ${bulkCompleteMax}), each audited`,
        description:
          'One transaction: every id must be one of the vendor’s own pending orders, or nothing changes and the answer ' +
          'is 409 orders.bulkComplete.refused with params {count, total} (count: the ids that could not be completed, ' +
          'whether no longer pending, unknown or another shop’s). More than the limit, none, or an id that is not a ' +
          'uuid: 422 (orders.bulkComplete.tooMany, orders.bulkComplete.noneSelected, errors.invalidValue).',
        request: jsonBody(completeOrdersInput),
        responses: responds(completeOrdersDto, 'Every order asked for, now completed', 409, 422),
      }),
      async (c) => c.json(await completeVendorOrders(db, vendorScope(c), c.req.valid('json').ids), 200),
    )
    .openapi(
      adminRoute('post', '/api/admin/orders', {
        summary:
          'Create an order for one of an approved vendor’s approved products (pending; stock taken; audited)',
        description:
          'The total is the variant price × quantity, computed by the server. The variant must belong to the product and ' +
          'the product to the vendor and be approved, else 422 orders.variantNotFound; a shop that is not approved is 422 ' +
          'orders.vendorNotApproved; not enough stock is 409 orders.insufficientStock with params {available, requested}.',
        request: jsonBody(adminOrderInput),
        responses: creates(orderDto, 'Created', 409, 422),
      }),
      async (c) => c.json(await createAdminOrder(db, adminScope(c), c.req.valid('json')), 201),
    )
    .openapi(
      ...adminRoute.list(
        '/api/admin/orders',
        {
          summary:
            "Every shop's orders, newest first: q (customer name or e-mail, shop, product, order id), status, vendorId, from and to (the days they were placed on, Kigali days, both included); with the four cards of the same filters",
          query: adminOrderListQuery,
        },
        [adminOrderListDto, 'One page of orders'],
        (scope, query) => listAdminOrders(db, scope, query, { timeZone: deps.config.timeZone }),
      ),
    )
    .openapi(
      ...adminRoute.csv(
        '/api/admin/orders/export',
        {
          summary:
            'The filtered orders as CSV (UTF-8 with BOM, RFC 4180, formula-safe, dated file name); it imports again as it is',
          query: adminOrderFilters,
        },
        'orders',
        (scope, query) => exportAdminOrders(db, scope, query, { timeZone: deps.config.timeZone }),
      ),
    )
    .openapi(
      ...adminRoute.list(
        '/api/admin/orders/shops',
        {
          summary:
            'Shops by name for the order form (approved ones; forSale=false: all, for the filter), at most 50',
          query: shopChoicesQuery,
        },
        [shopChoicesDto, 'Shops'],
        (scope, query) => listShopChoices(db, scope, query),
      ),
    )
    .openapi(
      ...adminRoute.list(
        '/api/admin/orders/products',
        {
          summary:
            "One approved shop's approved products by name, with the variants still sold (price, stock)",
          query: productChoicesQuery,
        },
        [productChoicesDto, 'Products'],
        (scope, query) => listProductChoices(db, scope, query.vendorId),
      ),
    )
    .openapi(
      adminRoute('get', '/api/admin/orders/import/template', {
        summary:
          'The import template: the six required columns, the optional delivery columns and 2 example rows',
        responses: respondsCsv(),
      }),
      async (c) => csvDownload(c, await orderImportTemplate(db, adminScope(c)), 'order import template'),
    )
    .openapi(
      adminRoute('post', ORDER_IMPORT_URL, {
        summary:
          'Import orders from a CSV file (multipart/form-data: file); dryRun=true previews it and writes nothing',
        description:
          'File-level problems are 422 with orders.import.* (fileRequired, fileEmpty, notText, noDataRows, ' +
          'missingColumns {cols}, tooManyRows {max, rows}, tooLarge {max}; unclosedQuote {line} and strayQuote {line} ' +
          'for quoting that breaks RFC 4180, with the line of the text file to fix) and import nothing. Otherwise ' +
          'each row is an order in its own transaction; refused rows are listed with their number (the header is ' +
          'row 1), an orders.import.row* message key and their cells. The optional columns Customer Phone, District, ' +
          'Sector, Cell, Address and Delivery Note give the order its delivery details. The same file (by the SHA-256 ' +
          'of its bytes) imported within the last 24 hours is 409 orders.import.alreadyImported {importedAt, orders} ' +
          '(or orders.import.alreadyRunning while that import runs) and imports nothing, unless confirmRepeat=true; ' +
          'the preview names such an import in previousImport.',
        request: {
          query: orderImportQuery,
          body: { content: { 'multipart/form-data': { schema: importForm } }, required: true },
        },
        responses: responds(orderImportResultDto, 'What was (or would be) imported', 409, 413, 422),
      }),
      async (c) => {
        const { file } = c.req.valid('form')
        if (file.size > orderImportLimits.maxBytes) throw importFileTooLarge()
        const result = await importOrders(
          db,
          adminScope(c),
          { bytes: new Uint8Array(await file.arrayBuffer()), name: file instanceof File ? file.name : '' },
          {
            dryRun: c.req.valid('query').dryRun === 'true',
            confirmRepeat: c.req.valid('query').confirmRepeat === 'true',
            logger: c.var.logger,
          },
        )
        return c.json(result, 200)
      },
    )
    .openapi(
      adminRoute('get', '/api/admin/orders/{id}', {
        summary: 'One order with its history from the audit trail, oldest first',
        responses: responds(adminOrderDetailsDto, 'The order', 404),
      }),
      async (c) => c.json(await getAdminOrder(db, adminScope(c), c.req.valid('param').id), 200),
    )
    .openapi(
      ...adminRoute.change(
        'patch',
        '/api/admin/orders/{id}/status',
        {
          summary: 'Set any status (pending, completed, refunded); audited; the stock is not touched',
          body: adminOrderStatusInput,
          responses: responds(adminOrderDto, 'Updated', 404, 422),
        },
        (scope, id, input) => setAdminOrderStatus(db, scope, id, input.status),
      ),
    )
    .openapi(
      ...adminRoute.deletion(
        '/api/admin/orders/{id}',
        {
          summary:
            "Delete an order (audited, the whole order kept in the entry); a pending order's units go back to stock",
          answer: ['Deleted', 404],
        },
        (scope, id) => deleteAdminOrder(db, scope, id),
      ),
    )
}
