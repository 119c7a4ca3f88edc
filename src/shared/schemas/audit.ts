import { z } from 'zod'
import { auditActions, roles } from '../constants'
import { figures, pageQuery, pagedWithSummary } from './pagination'
import { optionalText } from './text'

// ── /admin/audit-logs (admin §2): who changed what, when, and from where ──

export const auditActionFilters = ['all', ...auditActions] as const
export type AuditActionFilter = (typeof auditActionFilters)[number]

/** The ranges the screen offers, in days back from now (specification §2: 1, 7, 30, 90; default 7). */
export const auditRanges = [1, 7, 30, 90] as const
export type AuditRange = (typeof auditRanges)[number]

/**
 * `?q=&action=&days=` of the list and its CSV export. q matches the acting user's name or e-mail, the
 * target table or id, or any word of the entry's details (a shop's or product's name) or of its old and new
 * values (an order's customer), whatever the case.
 */
export const auditLogFilters = z.object({
  q: optionalText(200),
  action: z.enum(auditActionFilters, { error: 'errors.invalidValue' }).default('all'),
  days: z.coerce
    .number({ error: 'errors.invalidValue' })
    .refine(
      (days): days is AuditRange => (auditRanges as readonly number[]).includes(days),
      'errors.invalidValue',
    )
    .default(7)
    .meta({ type: 'integer', enum: [...auditRanges] }),
})
export type AuditLogFilters = z.output<typeof auditLogFilters>
export const auditLogListQuery = pageQuery(50).extend(auditLogFilters.shape)

export const auditLogEntryDto = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Who acted: an admin, or a vendor acting on their own records; null for the system. */
  actor: z
    .object({ id: z.string(), email: z.string(), fullName: z.string(), role: z.enum(roles) })
    .nullable(),
  action: z.enum(auditActions),
  targetTable: z.string(),
  targetId: z.string(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The request it came from, as in the server log, and the client's address and browser. */
  requestId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
})
export type AuditLogEntry = z.infer<typeof auditLogEntryDto>

/** The four cards, for the filtered range: every event, and approvals, updates and deletions among them. */
export const auditLogSummary = figures('total', 'approvals', 'updates', 'deletions')

export const auditLogListDto = pagedWithSummary(auditLogEntryDto, auditLogSummary)
export type AuditLogList = z.infer<typeof auditLogListDto>
