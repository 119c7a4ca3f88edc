import {
  adminVendorApplicationDto,
  adminVendorListDto,
  adminVendorListQuery,
  businessDocumentsInput,
  logoInput,
  profileUpdateInput,
  subscriptionInput,
  vendorDecisionInput,
  vendorDashboardDto,
  vendorProfileDto,
  vendorRegistrationInput,
} from '../../shared/schemas/vendor'
import { payoutDestinationDto } from '../../shared/schemas/payout'
import { adminScope, signedIn, guard, vendorScope, adminRouteGroup, vendorRouteGroup } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { errorResponses, jsonBody, jsonContent, responds, route } from '../lib/openapi'
import {
  chooseSubscription,
  confirmPlanRequest,
  getVendorApplication,
  getVendorProfile,
  listVendorApplications,
  registerVendor,
  setBusinessDocuments,
  decideVendorApplication,
  setVendorLogo,
  updateVendorProfile,
  vendorDashboard,
  withdrawPlanRequest,
  revealVendorPayoutDetails,
} from './vendors.service'

const vendorRoute = vendorRouteGroup('Vendor')
/** The profile's changes: signed out, the specification's 'No user logged in' (vendor §5). */
const profileRoute = vendorRouteGroup('Vendor', { signedOutOnChange: 'errors.noUserLoggedIn' })
/** Signed out, the registration says 'User not authenticated' (vendor §7). */
const registering = guard('vendor', { signedOutOnChange: 'errors.userNotAuthenticated' })
const adminRoute = adminRouteGroup('Admin vendors')

/** The vendor's own shop. Every call is scoped to the signed-in vendor; no vendor id is taken from the client. */
export function vendorRoutes(deps: Deps) {
  const db = deps.database.db
  return createRouter()
    .openapi(
      // Not vendorRoute: before this call there is no shop, so no 404 vendor.notRegistered.
      route('post', '/api/vendor/registration', {
        middleware: registering,
        tags: ['Vendor'],
        summary: 'Complete the five-step registration: creates the vendor record (pending, starter trial)',
        request: jsonBody(vendorRegistrationInput),
        responses: {
          201: jsonContent(vendorProfileDto, 'Registered'),
          ...errorResponses(401, 403, 409, 422),
        },
      }),
      async (c) =>
        c.json(await registerVendor(db, { userId: signedIn(c, 'vendor').userId }, c.req.valid('json')), 201),
    )
    .openapi(
      vendorRoute('get', '/api/vendor/dashboard', {
        summary: 'Shop, status, subscription and the four dashboard figures',
        responses: responds(vendorDashboardDto, 'Dashboard'),
      }),
      async (c) => c.json(await vendorDashboard(db, vendorScope(c)), 200),
    )
    .openapi(
      vendorRoute('get', '/api/vendor/profile', {
        summary: 'The vendor profile',
        responses: responds(vendorProfileDto, 'Profile'),
      }),
      async (c) => c.json(await getVendorProfile(db, vendorScope(c)), 200),
    )
    .openapi(
      profileRoute('patch', '/api/vendor/profile', {
        summary: 'Edit shop name, business address and phone (phone kept when empty)',
        request: jsonBody(profileUpdateInput),
        responses: responds(vendorProfileDto, 'Updated', 409, 422),
      }),
      async (c) => c.json(await updateVendorProfile(db, vendorScope(c), c.req.valid('json')), 200),
    )
    .openapi(
      profileRoute('put', '/api/vendor/profile/logo', {
        summary: 'Set (or remove, with null) the shop logo from an uploaded file',
        request: jsonBody(logoInput),
        responses: responds(vendorProfileDto, 'Updated', 422),
      }),
      async (c) => c.json(await setVendorLogo(db, vendorScope(c), c.req.valid('json')), 200),
    )
    .openapi(
      profileRoute('put', '/api/vendor/profile/business-documents', {
        summary: 'Replace the business documents (up to 5 uploaded files)',
        request: jsonBody(businessDocumentsInput),
        responses: responds(vendorProfileDto, 'Updated', 422),
      }),
      async (c) => c.json(await setBusinessDocuments(db, vendorScope(c), c.req.valid('json')), 200),
    )
    .openapi(
      vendorRoute('put', '/api/vendor/subscription', {
        summary:
          'Choose a subscription plan: the starter trial starts at once, a paid plan waits (requestedPlan) ' +
          'until the team confirms its payment',
        request: jsonBody(subscriptionInput),
        responses: responds(vendorProfileDto, 'Plan recorded', 422),
      }),
      async (c) => c.json(await chooseSubscription(db, vendorScope(c), c.req.valid('json').plan), 200),
    )
    .openapi(
      vendorRoute('delete', '/api/vendor/subscription/request', {
        summary: 'Withdraw a plan request awaiting payment confirmation',
        responses: responds(vendorProfileDto, 'No request left'),
      }),
      async (c) => c.json(await withdrawPlanRequest(db, vendorScope(c)), 200),
    )
    .openapi(
      ...adminRoute.list(
        '/api/admin/vendors',
        {
          summary: 'Vendor applications, newest first: search by shop name or owner e-mail, filter by status',
          query: adminVendorListQuery,
        },
        [adminVendorListDto, 'One page of applications'],
        (scope, query) => listVendorApplications(db, scope, query),
      ),
    )
    .openapi(
      adminRoute('get', '/api/admin/vendors/{id}', {
        summary: 'One application: details, documents (private links), masked payout details, checklist',
        responses: responds(adminVendorApplicationDto, 'The application', 404),
      }),
      async (c) => c.json(await getVendorApplication(db, adminScope(c), c.req.valid('param').id), 200),
    )
    .openapi(
      adminRoute('post', '/api/admin/vendors/{id}/payout-details', {
        summary:
          'Reveal where the shop is paid, in full (bank and account number, provider and mobile number, or PayPal e-mail); each reveal is audited',
        description:
          'A POST, since it writes: the reveal is recorded in the audit log (the admin, the time, the application) in the same request, before the details are answered.',
        responses: responds(payoutDestinationDto, 'The full payout details', 404),
      }),
      async (c) => c.json(await revealVendorPayoutDetails(db, adminScope(c), c.req.valid('param').id), 200),
    )
    .openapi(
      ...adminRoute.change(
        'patch',
        '/api/admin/vendors/{id}/status',
        {
          summary:
            'Approve or reject a pending vendor application; a rejection gives the reason the vendor reads ' +
            '(errors.reasonRequired without one; vendor.notPending once decided); audited',
          body: vendorDecisionInput,
          responses: responds(adminVendorApplicationDto, 'Decided', 404, 409, 422),
        },
        (scope, id, input) => decideVendorApplication(db, scope, id, input, deps.config.publicUrl),
      ),
    )
    .openapi(
      ...adminRoute.change(
        'post',
        '/api/admin/vendors/{id}/plan',
        {
          summary:
            'Confirm the payment of the plan a vendor requested: it becomes their plan for 30 days ' +
            '(vendor.noPlanRequest, vendor.planRequestChanged when the request is not that plan); audited',
          body: subscriptionInput,
          responses: responds(adminVendorApplicationDto, 'Plan confirmed', 404, 409, 422),
        },
        (scope, id, input) => confirmPlanRequest(db, scope, id, input.plan, deps.config.publicUrl),
      ),
    )
}
