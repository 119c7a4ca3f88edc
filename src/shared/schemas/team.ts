import { z } from 'zod'
import { limits } from '../constants'
import { resetPasswordInput } from './auth'
import { emailText, requiredText } from './text'

/** How long an invitation's link works: a week, time enough for a colleague back from leave. */
export const INVITATION_DAYS = 7

/** An admin of the team: `active` once they chose their password through the invitation, `invited` before. */
export const teamMemberDto = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  status: z.enum(['active', 'invited']),
  /** When the account was made: the first admin's setup, or the invitation. */
  joinedAt: z.string(),
  /** An invited admin's current link stops working then (null once active, or when no link works any more). */
  linkExpiresAt: z.string().nullable(),
  /** The reader's own account. */
  isYou: z.boolean(),
})
export type TeamMemberDto = z.infer<typeof teamMemberDto>

export const teamListDto = z.object({ items: z.array(teamMemberDto) })
export type TeamList = z.infer<typeof teamListDto>

/** Who to invite: their name and the address the link goes to (stored and compared in lowercase). */
export const inviteAdminInput = z.object({
  fullName: requiredText(limits.nameMax),
  email: emailText().transform((value) => value.toLowerCase()),
})
export type InviteAdminInput = z.input<typeof inviteAdminInput>

/**
 * The invitation's token (from the link's fragment) and the new admin's password, typed twice: the same rules as
 * a password reset's.
 */
export const acceptInvitationInput = resetPasswordInput
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>
