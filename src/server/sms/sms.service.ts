import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { deliverOutbox } from '../db/outbox'
import { smsOutbox, vendors } from '../db/schema'
import type { Logger } from '../lib/logger'
import { SmsRefusedError, type SmsGateway } from './sms-gateway'

export type Sms = { to: string; text: string; vendorId: string }
export type SmsSender = {
  /** Delivers the SMS queued by committed changes (queueSms); returns how many left the queue. */
  deliverQueued: () => Promise<number>
}

/** The channel a queued SMS is announced on, so a process delivers it at once rather than at its next round. */
export const SMS_CHANNEL = 'isoko_sms'

/** Attempts before a queued SMS is given up as failed, and the waits between them (30 s doubling, at most 2 h). */
export const SMS_MAX_ATTEMPTS = 6
const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 2 * 60 * 60_000)

/** E.164 with the plus: `+250788123456` (a country code, then up to 14 digits in all). */
export const isE164 = (value: string) => /^\+[1-9]\d{7,14}$/.test(value)

/** A number fit for a log line: every digit hidden but the last three (`+*********456`). */
export const maskNumber = (value: string) =>
  value.replace(/\d/g, (digit, index: number) => (index < value.length - 3 ? '*' : digit))

/**
 * Queues an SMS to a vendor in the caller's transaction: it exists exactly when the change it tells of commits
 * (a rolled-back payout sends nothing, a committed one is never forgotten), and is announced on commit.
 *
 * Nothing is queued (false) for a vendor who opted out of SMS, or for a number missing or not in E.164. The
 * opt-out is read by the insert itself, not beforehand: no value read earlier in the caller can be stale.
 */
export async function queueSms(
  tx: Tx,
  sms: { to: string | null | undefined; text: string; vendorId: string },
): Promise<boolean> {
  const to = sms.to?.trim()
  if (!to || !isE164(to)) return false
  const inserted = await tx.execute(sql`
    insert into ${smsOutbox} ("to", "text", "vendor_id", "status")
    select ${to}, ${sms.text}, ${vendors.id}, 'queued' from ${vendors}
    where ${vendors.id} = ${sms.vendorId} and not ${vendors.smsOptOut}
    returning "id"`)
  if ((inserted as unknown as { rows: unknown[] }).rows.length === 0) return false
  await tx.execute(sql`select pg_notify(${SMS_CHANNEL}, '')`)
  return true
}

/**
 * With a gateway the SMS is sent; without one it waits in the outbox table and its text is printed in the log
 * (the number masked), so a fresh machine works with no SMS account. Every SMS is recorded either way.
 */
export function createSmsSender(options: { db: Db; logger: Logger; gateway: SmsGateway | null }): SmsSender {
  const { db, logger, gateway } = options

  /**
   * Hands one SMS to the gateway, or without one keeps it (logged with its text, the number masked, so a fresh
   * machine can still read it). A gateway's refusal or failure throws.
   */
  const deliver = async (
    sms: Sms,
  ): Promise<{ status: 'sent'; messageId: string } | { status: 'outbox'; messageId: null }> => {
    if (!gateway) {
      const to = maskNumber(sms.to)
      logger.info({ to, vendorId: sms.vendorId }, `sms kept in the outbox for ${to}: ${sms.text}`)
      return { status: 'outbox', messageId: null }
    }
    const { messageId } = await gateway.send({ to: sms.to, text: sms.text })
    return { status: 'sent', messageId }
  }
  return {
    deliverQueued: () =>
      deliverOutbox(db, smsOutbox, {
        maxAttempts: SMS_MAX_ATTEMPTS,
        retryDelayMs,
        async deliver(row) {
          const { status, messageId } = await deliver({
            to: row.to,
            text: row.text,
            vendorId: row.vendorId ?? '',
          })
          return { status, providerMessageId: messageId, sentAt: status === 'sent' ? new Date() : null }
        },
        // A refused number stays refused: sending again would only cost, and the answer would be the same.
        isFinal: (error) => error instanceof SmsRefusedError,
        logFailure: (row, error, { attempts, isLast }) =>
          logger.error(
            { err: error, to: maskNumber(row.to), vendorId: row.vendorId, attempts, gateway: gateway?.name },
            error instanceof SmsRefusedError
              ? 'sms refused by the gateway'
              : isLast
                ? 'sms given up'
                : 'sms delivery failed; will retry',
          ),
      }),
  }
}
