import { createRoute } from '@hono/zod-openapi'
import {
  businessDocumentsInput,
  logoInput,
  profileUpdateInput,
  subscriptionInput,
  vendorDashboardDto,
  vendorProfileDto,
  vendorRegistrationInput,
} from '../../shared/schemas/vendor'
import { actorScope, createGuardedRouter, type Deps } from '../lib/http'
import { errorResponses, jsonBody, jsonContent } from '../lib/openapi'
import {
  chooseSubscription,
  getVendorProfile,
  registerVendor,
  setBusinessDocuments,
  setVendorLogo,
  updateVendorProfile,
  vendorDashboard,
} from './vendors.service'

const tags = ['Vendor']

/** The vendor's own shop. Every call is scoped to the signed-in vendor; no vendor id is taken from the client. */
export function vendorRoutes(deps: Deps) {
  const router = createGuardedRouter(deps.auth, 'vendor')
  const db = deps.database.db
  const vendorScope = (c: Parameters<typeof actorScope>[0]) => actorScope(c, deps.auth, 'vendor')

  router.openapi(
    createRoute({
      method: 'post',
      path: '/registration',
      tags,
      summary: 'Complete the five-step registration: creates the vendor record (pending, starter trial)',
      request: jsonBody(vendorRegistrationInput),
      responses: { 201: jsonContent(vendorProfileDto, 'Registered'), ...errorResponses(401, 403, 409, 422) },
    }),
    async (c) => c.json(await registerVendor(db, await vendorScope(c), c.req.valid('json')), 201),
  )

  router.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard',
      tags,
      summary: 'Shop, status, subscription and the four dashboard figures',
      responses: { 200: jsonContent(vendorDashboardDto, 'Dashboard'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await vendorDashboard(db, await vendorScope(c)), 200),
  )

  router.openapi(
    createRoute({
      method: 'get',
      path: '/profile',
      tags,
      summary: 'The vendor profile',
      responses: { 200: jsonContent(vendorProfileDto, 'Profile'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getVendorProfile(db, await vendorScope(c)), 200),
  )

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/profile',
      tags,
      summary: 'Edit shop name, business address and phone (phone kept when empty)',
      request: jsonBody(profileUpdateInput),
      responses: {
        200: jsonContent(vendorProfileDto, 'Updated'),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => c.json(await updateVendorProfile(db, await vendorScope(c), c.req.valid('json')), 200),
  )

  router.openapi(
    createRoute({
      method: 'put',
      path: '/profile/logo',
      tags,
      summary: 'Set (or remove, with null) the shop logo from an uploaded file',
      request: jsonBody(logoInput),
      responses: { 200: jsonContent(vendorProfileDto, 'Updated'), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => c.json(await setVendorLogo(db, await vendorScope(c), c.req.valid('json')), 200),
  )

  router.openapi(
    createRoute({
      method: 'put',
      path: '/profile/business-documents',
      tags,
      summary: 'Replace the business documents (up to 5 uploaded files)',
      request: jsonBody(businessDocumentsInput),
      responses: { 200: jsonContent(vendorProfileDto, 'Updated'), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => c.json(await setBusinessDocuments(db, await vendorScope(c), c.req.valid('json')), 200),
  )

  router.openapi(
    createRoute({
      method: 'put',
      path: '/subscription',
      tags,
      summary: 'Choose a subscription plan',
      request: jsonBody(subscriptionInput),
      responses: {
        200: jsonContent(vendorProfileDto, 'Plan recorded'),
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => c.json(await chooseSubscription(db, await vendorScope(c), c.req.valid('json').plan), 200),
  )

  return router
}
