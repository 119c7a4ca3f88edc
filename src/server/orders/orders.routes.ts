import {
  adminOrderInput,
  orderDto,
  orderListDto,
  orderListQuery,
  orderStatusInput,
} from '../../shared/schemas/order'
import { adminScope, createRouter, vendorScope, type Deps } from '../lib/http'
import { creates, jsonBody, responds, adminRouteGroup, vendorRouteGroup } from '../lib/openapi'
import { createAdminOrder, listOrders, setVendorOrderStatus } from './orders.service'

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
      vendorRoute('get', '/api/vendor/orders', {
        summary: "The vendor's orders, newest first, optionally by status",
        request: { query: orderListQuery },
        responses: responds(orderListDto, 'One page of orders', 422),
      }),
      async (c) => c.json(await listOrders(db, vendorScope(c), c.req.valid('query')), 200),
    )
    .openapi(
      vendorRoute('patch', '/api/vendor/orders/{id}/status', {
        summary: 'Mark an order completed (from pending) or refunded (from completed); refunded is final',
        description: 'Any other move is 409 orders.invalidTransition with params {from, to}.',
        request: jsonBody(orderStatusInput),
        responses: responds(orderDto, 'Updated', 409, 422),
      }),
      async (c) =>
        c.json(
          await setVendorOrderStatus(db, vendorScope(c), c.req.valid('param').id, c.req.valid('json').status),
          200,
        ),
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
}
