import { useQuery } from '@tanstack/react-query'
import type { AcceptInvitationInput, InviteAdminInput } from '../../shared/schemas/team'
import { api, call, withSignal } from './client'
import { useApiMutation } from './queries'
import { auditLogKeys, teamKeys } from './query-keys'

/** The admin team: a handful of people, one list, no pages. */
export const useTeam = () =>
  useQuery({
    queryKey: teamKeys.lists(),
    queryFn: ({ signal }) => call(api.admin.team.$get({}, withSignal(signal))),
  })

/** What an invitation changes: the team and the audit trail. */
const teamChanged = [teamKeys.all, auditLogKeys.all]

/** Invites an admin (or sends a pending invitee a new link). */
export const useInviteAdmin = () =>
  useApiMutation({
    mutationFn: (input: InviteAdminInput) => call(api.admin.team.invitations.$post({ json: input })),
    invalidates: teamChanged,
  })

/** Withdraws an invitation not yet accepted (by the invited account's id). */
export const useWithdrawInvitation = () =>
  useApiMutation({
    mutationFn: (id: string) => call(api.admin.team.invitations[':id'].$delete({ param: { id } })),
    invalidates: teamChanged,
  })

/** The invitee chooses a password through the link (public: they are not signed in). */
export const useAcceptInvitation = () =>
  useApiMutation({
    mutationFn: (input: AcceptInvitationInput) => call(api.setup.invitation.$post({ json: input })),
    invalidates: [],
  })
