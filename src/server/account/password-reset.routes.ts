import { forgotPasswordInput, resetPasswordInput } from '../../shared/schemas/auth'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { routeGroup } from '../lib/openapi'
import { requestPasswordReset, resetPassword } from './password-reset.service'

const accountRoute = routeGroup({ tags: ['Account'] })

export function passwordResetRoutes(deps: Deps) {
  return createRouter()
    .openapi(
      ...accountRoute.action(
        '/api/account/forgot-password',
        {
          summary: 'Mail a single-use password reset link (same answer whether or not the address exists)',
          body: forgotPasswordInput,
          answer: ['Mailed if the address has an account', 422, 429],
        },
        (input, c) => requestPasswordReset(deps, input.email, c.get('clientIp')),
      ),
    )
    .openapi(
      ...accountRoute.action(
        '/api/account/reset-password',
        {
          summary: 'Set a new password with the token from the reset mail (signs out every session)',
          body: resetPasswordInput,
          answer: ['Password changed', 404, 422],
        },
        (input) => resetPassword(deps, input),
      ),
    )
}
