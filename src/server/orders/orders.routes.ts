import { createRoute } from '@hono/zod-openapi'
import {
  adminOrderInput,
  orderDto,
  orderListDto,
  orderListQuery,
  orderStatusInput,
} from '../../shared/schemas/order'
import { actorScope, createGuardedRouter, type Deps, requireActor } from '../lib/http'
import { errorResponses, idParam, jsonBody, jsonContent } from '../lib/openapi'
import { createAdminOrder, listVendorOrders, setVendorOrderStatus } from './orders.service'

/** The signed-in vendor's orders. The vendor comes from the session; another vendor's order is NOT_FOUND. */
export function vendorOrderRoutes(deps: Deps) {
  const router = createGuardedRouter(deps.auth, 'vendor')
  const db = deps.database.db
  const tags = ['Vendor orders']
  const vendorScope = (c: Parameters<typeof actorScope>[0]) => actorScope(c, deps.auth, 'vendor')

  router.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "The vendor's orders, newest first, optionally by status",
      request: { query: orderListQuery },
      responses: {
        200: jsonContent(orderListDto, 'One page of orders'),
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => c.json(await listVendorOrders(db, await vendorScope(c), c.req.valid('query')), 200),
  )

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/{id}/status',
      tags,
      summary: 'Mark an order completed (from pending) or refunded (from completed); refunded is final',
      description: 'Any other move is 409 orders.invalidTransition with params {from, to}.',
      request: { params: idParam, ...jsonBody(orderStatusInput) },
      responses: { 200: jsonContent(orderDto, 'Updated'), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) =>
      c.json(
        await setVendorOrderStatus(
          db,
          await vendorScope(c),
          c.req.valid('param').id,
          c.req.valid('json').status,
        ),
        200,
      ),
  )

  return router
}

/** Order management for admins. For now only "Create order"; the admin screens bring the rest. */
export function adminOrderRoutes(deps: Deps) {
  const router = createGuardedRouter(deps.auth, 'admin')
  const db = deps.database.db
  const tags = ['Admin orders']

  router.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Create an order for one of a vendor’s approved products (pending; stock taken; audited)',
      description:
        'The total is the variant price × quantity, computed by the server. The variant must belong to the product and ' +
        'the product to the vendor and be approved, else 422 orders.variantNotFound; not enough stock is 409 ' +
        'orders.insufficientStock with params {available, requested}.',
      request: jsonBody(adminOrderInput),
      responses: { 201: jsonContent(orderDto, 'Created'), ...errorResponses(401, 403, 409, 422) },
    }),
    async (c) => {
      const admin = await requireActor(c, deps.auth, 'admin')
      return c.json(await createAdminOrder(db, admin, c.req.valid('json')), 201)
    },
  )

  return router
}
