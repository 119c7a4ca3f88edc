import type { Auth } from './auth/auth'
import type { Config } from './config'
import type { Database } from './db/client'
import type { Logger } from './lib/logger'
import type { Mailer } from './mail/mail.service'
import type { PaymentsContext } from './payments/transfers.service'
import type { SmsSender } from './sms/sms.service'

/** What the app is made of, built once at start (app.ts) and handed to every route and the services that need it. */
export type Deps = {
  config: Config
  database: Database
  auth: Auth
  mailer: Mailer
  /** Delivers the SMS queued by committed changes (queueSms). */
  smsSender: SmsSender
  logger: Logger
  /** Mobile money (docs/payments.md): the configured providers and the worker's timing. */
  payments: PaymentsContext
}
