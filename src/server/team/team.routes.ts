import { createdAccountResponse } from '../../shared/schemas/auth'
import {
  acceptInvitationInput,
  inviteAdminInput,
  teamListDto,
  teamMemberDto,
} from '../../shared/schemas/team'
import { adminRouteGroup, adminScope, requestContext } from '../auth/guards'
import { passwordHashing } from '../auth/passwords'
import { hitRateLimit } from '../auth/rate-limit'
import type { Deps } from '../deps'
import { createRouter } from '../lib/http'
import { creates, jsonBody, responds, route } from '../lib/openapi'
import { acceptInvitation, inviteAdmin, listTeam, withdrawInvitation } from './team.service'

const adminRoute = adminRouteGroup('Admin team')

/**
 * The admin team: an admin invites a colleague by e-mail (a one-time link, valid 7 days), who joins by choosing a
 * password through it. More than one admin is what lets a second one approve the large adjustments.
 */
export function teamRoutes(deps: Deps) {
  const db = deps.database.db
  const { publicUrl } = deps.config
  return createRouter()
    .openapi(
      adminRoute('get', '/api/admin/team', {
        summary: 'The admins, oldest first: active ones, and invited ones who have not yet chosen a password',
        responses: responds(teamListDto, 'The team'),
      }),
      async (c) => c.json(await listTeam(db, adminScope(c)), 200),
    )
    .openapi(
      adminRoute('post', '/api/admin/team/invitations', {
        summary:
          'Invite an admin by name and e-mail: the account is made without a password and the link to choose one ' +
          'is mailed (valid 7 days, once); audited',
        description:
          'Inviting a pending invitee again mails a new link and the old one stops working. 409 ' +
          'errors.teamEmailTaken when any account (a vendor, or an admin who has joined) uses the address.',
        request: jsonBody(inviteAdminInput),
        responses: creates(teamMemberDto, 'Invited: the link is mailed', 409, 422),
      }),
      async (c) => c.json(await inviteAdmin(db, adminScope(c), c.req.valid('json'), publicUrl), 201),
    )
    .openapi(
      ...adminRoute.deletion(
        '/api/admin/team/invitations/{id}',
        {
          summary: 'Withdraw an invitation not yet accepted: the invited account and its link go; audited',
          description:
            '`id` is the invited account’s. 409 errors.teamNotPending for an admin who has joined.',
          answer: ['Withdrawn', 404, 409],
        },
        (scope, id) => withdrawInvitation(db, scope, id),
      ),
    )
    .openapi(
      route('post', '/api/setup/invitation', {
        tags: ['Setup'],
        summary: 'Join the admin team: the invitation link’s token and the password chosen, typed twice',
        description:
          'The token is the one in the mailed link’s fragment. 422 errors.teamLinkInvalid (unknown, replaced or ' +
          'withdrawn) or errors.teamLinkExpired; 409 errors.teamLinkUsed.',
        request: jsonBody(acceptInvitationInput),
        responses: responds(
          createdAccountResponse,
          'Joined: the admin signs in with this address',
          409,
          422,
          429,
        ),
      }),
      async (c) => {
        // As the first admin's setup: a guessed token is one of 2^256, but nobody gets to try many.
        await hitRateLimit(db, `invitation:ip:${c.get('clientIp')}`, 10, 15 * 60 * 1000)
        const result = await acceptInvitation(
          db,
          c.req.valid('json'),
          passwordHashing(deps.config.env),
          requestContext(c),
        )
        deps.logger.info({ email: result.email }, 'invited admin joined')
        return c.json(result, 200)
      },
    )
}
