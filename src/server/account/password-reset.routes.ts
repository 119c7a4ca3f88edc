import { forgotPasswordInput, okResponse, resetPasswordInput } from '../../shared/schemas/auth'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { jsonBody, responds, route } from '../lib/openapi'
import { requestPasswordReset, resetPassword } from './password-reset.service'

const tags = ['Account']

export function passwordResetRoutes(deps: Deps) {
  return createRouter()
    .openapi(
      route('post', '/api/account/forgot-password', {
        tags,
        summary: 'Mail a single-use password reset link (same answer whether or not the address exists)',
        request: jsonBody(forgotPasswordInput),
        responses: responds(okResponse, 'Mailed if the address has an account', 422, 429),
      }),
      async (c) => {
        await requestPasswordReset(deps, c.req.valid('json').email, c.get('clientIp'))
        return c.json({ ok: true as const }, 200)
      },
    )
    .openapi(
      route('post', '/api/account/reset-password', {
        tags,
        summary: 'Set a new password with the token from the reset mail (signs out every session)',
        request: jsonBody(resetPasswordInput),
        responses: responds(okResponse, 'Password changed', 404, 422),
      }),
      async (c) => {
        await resetPassword(deps, c.req.valid('json'))
        return c.json({ ok: true as const }, 200)
      },
    )
}
