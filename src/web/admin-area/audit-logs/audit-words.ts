import type { TFunction } from 'i18next'
import { receiptNoteDate } from '../../../shared/schemas/payout'
import { messageText } from '../../i18n/keys'

/**
 * The audit trail's names in the reader's words: tables, fields and the values of a few fields are stored as the
 * database names them ('orders', 'status', 'pending'). A name the bundles do not know (a table added later, a
 * field of a future change) is shown as it is stored: these names come from the server, so the compiler cannot
 * check them (messageText); the i18n-bundles test checks the server's side.
 */
const inWords = (t: TFunction, key: string, stored: string) => messageText(t, key, { defaultValue: stored })

/** Fields whose values the screens already have words for: a status, a plan, a message's type. */
const valueWords: Record<string, string> = {
  status: 'status',
  subscription_status: 'status',
  subscription_plan: 'admin.vendors.plans',
  requested_plan: 'admin.vendors.plans',
  plan: 'admin.vendors.plans',
  type: 'messages.types',
}

/** 'orders' → Order / Icyatumijwe. */
export const tableName = (t: TFunction, table: string) => inWords(t, `admin.auditLogs.tables.${table}`, table)

/** 'decision_reason' → Reason / Impamvu. */
export const fieldName = (t: TFunction, field: string) => inWords(t, `admin.auditLogs.fields.${field}`, field)

/**
 * A recorded value as written: 'pending' → Pending / Bitegereje for a status; the note a receipt confirmation
 * writes (in English, specification §4) in the reader's words; any other value as recorded.
 */
export function fieldValue(t: TFunction, field: string, value: string): string {
  const receiptDate = field === 'notes' ? receiptNoteDate(value) : null
  if (receiptDate) return t('admin.payouts.details.receiptNote', { date: receiptDate })
  const section = valueWords[field]
  return section ? inWords(t, `${section}.${value}`, value) : value
}
