import {
  createdAccountResponse,
  loginInput,
  meResponse,
  okResponse,
  providersResponse,
  registerInput,
  resendInput,
  tokenInput,
} from '../../shared/schemas/auth'
import { anySignedIn, signedIn } from '../auth/guards'
import { createRouter, forwardCookies } from '../lib/http'
import { getActor } from '../auth/actor'
import type { Deps } from '../deps'
import {
  errorResponses,
  jsonBody,
  jsonContent,
  responds,
  route,
  routeGroup,
  sessionOptional,
} from '../lib/openapi'
import {
  confirmEmail,
  describeActor,
  registerVendor,
  resendConfirmation,
  signIn,
  signOut,
} from './account.service'

const tags = ['Account']
const accountRoute = routeGroup({ tags })

export function accountRoutes(deps: Deps) {
  return createRouter()
    .openapi(
      route('post', '/api/account/register', {
        tags,
        summary: 'Create a vendor account and send the confirmation e-mail',
        request: jsonBody(registerInput),
        responses: {
          201: jsonContent(createdAccountResponse, 'Account created; confirmation e-mail sent'),
          ...errorResponses(409, 422, 429),
        },
      }),
      async (c) => {
        const input = c.req.valid('json')
        const result = await registerVendor(deps, input, c.req.raw.headers, c.get('clientIp'))
        return c.json(result, 201)
      },
    )
    .openapi(
      route('post', '/api/account/login', {
        tags,
        summary: 'Sign in with e-mail and password (sets the session cookie)',
        request: jsonBody(loginInput),
        responses: responds(meResponse, 'Signed in', 401, 403, 422, 429),
      }),
      async (c) => {
        const { headers, actor } = await signIn(
          deps,
          c.req.valid('json'),
          c.req.raw.headers,
          c.get('clientIp'),
        )
        forwardCookies(c, headers)
        return c.json(await describeActor(deps, actor), 200)
      },
    )
    .openapi(
      route('post', '/api/account/logout', {
        tags,
        summary: 'Sign out (clears the session)',
        security: sessionOptional,
        responses: { 200: jsonContent(okResponse, 'Signed out') },
      }),
      async (c) => {
        forwardCookies(c, await signOut(deps, c.req.raw.headers, c.get('actor')?.userId))
        return c.json({ ok: true as const }, 200)
      },
    )
    .openapi(
      route('get', '/api/account/me', {
        middleware: anySignedIn,
        tags,
        summary: 'The signed-in user, their role and vendor record',
        responses: responds(meResponse, 'The signed-in user', 401),
      }),
      async (c) => c.json(await describeActor(deps, signedIn(c)), 200),
    )
    .openapi(
      route('get', '/api/account/session', {
        tags,
        summary: 'The signed-in user, or null when signed out (what the screens poll)',
        security: sessionOptional,
        responses: { 200: jsonContent(meResponse.nullable(), 'The signed-in user or null') },
      }),
      async (c) => {
        const actor = await getActor(c, deps)
        return c.json(actor ? await describeActor(deps, actor) : null, 200)
      },
    )
    .openapi(
      route('post', '/api/account/resend-confirmation', {
        tags,
        summary: 'Send the confirmation e-mail again (same answer whether or not the address exists)',
        request: jsonBody(resendInput),
        responses: responds(okResponse, 'Sent if the account awaits confirmation', 422, 429),
      }),
      async (c) => {
        await resendConfirmation(deps, c.req.valid('json').email, c.get('clientIp'))
        return c.json({ ok: true as const }, 200)
      },
    )
    .openapi(
      ...accountRoute.action(
        '/api/account/confirm-email',
        {
          summary: 'Confirm an e-mail address with the single-use token from the mail',
          body: tokenInput,
          answer: ['Confirmed', 404, 409, 422],
        },
        (input) => confirmEmail(deps, input.token),
      ),
    )
    .openapi(
      route('get', '/api/account/providers', {
        tags,
        summary: 'Which sign-in methods are available (Google is off until configured)',
        responses: { 200: jsonContent(providersResponse, 'Sign-in providers') },
      }),
      (c) =>
        c.json(
          {
            google: {
              enabled: Boolean(deps.config.google),
              ...(deps.config.google ? {} : { reasonKey: 'auth.google.notConfigured' }),
              redirectUri: `${deps.config.publicUrl}/api/auth/callback/google`,
            },
          },
          200,
        ),
    )
}
