import { z } from 'zod'
import { ProviderProtocolError, ProviderUnavailableError } from '../payments/provider'

/**
 * What Isoko asks of an SMS gateway: one text to one number. Two clients implement it, each a thin layer over
 * `fetch` whose answers are checked with zod: Africa's Talking and Pindo (Rwanda). The outbox (sms.service.ts)
 * knows only this.
 *
 * How a send can end, and what the outbox does with it:
 * - `{ messageId }`: the gateway took the SMS; the id is kept on the row.
 * - SmsRefusedError: the gateway will never deliver this SMS (an invalid, unsupported or blacklisted number):
 *   sending it again cannot help, so it is not retried.
 * - ProviderUnavailableError('sms'): a timeout, a network error, a 5xx, a gateway error or an empty balance:
 *   nothing was sent (or nothing is known), so it is tried again later.
 * - ProviderProtocolError('sms'): the credentials or the sender id were refused, or the answer is not the
 *   gateway's shape: the operator has to act; the outbox keeps trying until its last attempt.
 *
 * No message these clients throw carries the API key or the token.
 */
export interface SmsGateway {
  readonly name: 'africastalking' | 'pindo'
  send(sms: { to: string /* E.164 with + */; text: string }): Promise<{ messageId: string }>
}

/** The gateway refused this SMS for good (the number is invalid, unsupported or blacklisted): never retried. */
export class SmsRefusedError extends Error {
  constructor(
    readonly gateway: SmsGateway['name'],
    message: string,
  ) {
    super(message)
    this.name = 'SmsRefusedError'
  }
}

const defaultTimeoutMs = 10_000

/** A gateway's message, cut short and with the secret removed should the gateway ever echo it. */
function cleaned(text: string, secret: string) {
  const short = text.replace(/\s+/g, ' ').trim().slice(0, 200)
  return secret ? short.split(secret).join('***') : short
}

/**
 * One POST with the client's timeout. A timeout or a network error is ProviderUnavailableError: the SMS may or
 * may not have left, and the outbox tries again later (at worst the vendor reads it twice).
 */
async function post(
  gateway: string,
  fetcher: typeof fetch,
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<{ status: number; text: string; json: unknown }> {
  let response: Response
  let text: string
  try {
    response = await fetcher(url, { method: 'POST', ...init, signal: AbortSignal.timeout(timeoutMs) })
    text = await response.text()
  } catch (error) {
    const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    throw new ProviderUnavailableError(
      'sms',
      isTimeout ? `${gateway} did not answer within ${timeoutMs} ms` : `${gateway} could not be reached`,
      { cause: error },
    )
  }
  let json: unknown = undefined
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    // Not JSON (Africa's Talking answers a refused key in plain text): the caller decides by the status.
  }
  return { status: response.status, text, json }
}

// ── Africa's Talking ──

export type AfricasTalkingConfig = {
  /** `https://api.africastalking.com`, `https://api.sandbox.africastalking.com`, or a fake's url. */
  baseUrl: string
  /** The app's username (`sandbox` on the sandbox). */
  username: string
  apiKey: string
  /** An approved alphanumeric sender id or short code; without it the account's default is used. */
  senderId?: string
  /** Default 10 000 ms. */
  timeoutMs?: number
  fetch?: typeof fetch
}

const atRecipient = z.object({
  statusCode: z.coerce.number().int(),
  number: z.string(),
  status: z.string(),
  cost: z.string().optional(),
  messageId: z.string().optional(),
})
const atAnswer = z.object({
  SMSMessageData: z.object({ Message: z.string(), Recipients: z.array(atRecipient) }),
})

/**
 * Africa's Talking's per-recipient status codes (its SMS API reference). 100-102: taken. The rest, by what can
 * be done about them.
 */
const atSent = new Set([100, 101, 102])
/** The number (or this message to it) will never go through: invalid, unsupported, blacklisted, unroutable, held. */
const atRefused = new Set([401, 403, 404, 406, 407])
/** Our account's doing: an unapproved sender id. */
const atMisconfigured = new Set([402])
/** Passing: an empty balance (topped up later), the gateway's or an operator's error. */
const atUnavailable = new Set([405, 500, 501, 502])
/** Refusals Africa's Talking can name in its summary when it lists no recipient. */
const atRefusalNames = /InvalidPhoneNumber|UnsupportedNumberType|UserInBlacklist|CouldNotRoute/

export function createAfricasTalkingGateway(config: AfricasTalkingConfig): SmsGateway {
  const fetcher = config.fetch ?? fetch
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs
  const url = `${config.baseUrl.replace(/\/+$/, '')}/version1/messaging`
  const gateway = "Africa's Talking"
  const say = (text: string) => cleaned(text, config.apiKey)

  return {
    name: 'africastalking',
    async send(sms) {
      const form = new URLSearchParams({ username: config.username, to: sms.to, message: sms.text })
      if (config.senderId) form.set('from', config.senderId)
      const answer = await post(
        gateway,
        fetcher,
        url,
        {
          headers: {
            apiKey: config.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
        },
        timeoutMs,
      )
      // A wrong key or username: "The supplied authentication is invalid", in plain text.
      if (answer.status === 401 || answer.status === 403)
        throw new ProviderProtocolError('sms', `${gateway} refused the credentials (HTTP ${answer.status})`)
      if (answer.status >= 500 || answer.status === 429)
        throw new ProviderUnavailableError('sms', `${gateway} answered HTTP ${answer.status}`)
      if (answer.status < 200 || answer.status >= 300) {
        if (atRefusalNames.test(answer.text))
          throw new SmsRefusedError('africastalking', `${gateway} refused the number: ${say(answer.text)}`)
        throw new ProviderProtocolError(
          'sms',
          `${gateway} refused the request (HTTP ${answer.status}): ${say(answer.text)}`,
        )
      }
      const parsed = atAnswer.safeParse(answer.json)
      if (!parsed.success)
        throw new ProviderProtocolError('sms', `${gateway} answered a body that is not its SMS answer`)
      const { Message: summary, Recipients: recipients } = parsed.data.SMSMessageData
      const recipient = recipients[0]
      if (!recipient) {
        if (atRefusalNames.test(summary)) throw new SmsRefusedError('africastalking', say(summary))
        throw new ProviderProtocolError('sms', `${gateway} listed no recipient: ${say(summary)}`)
      }
      const what = `${recipient.status} (${recipient.statusCode})`
      if (atSent.has(recipient.statusCode)) {
        if (!recipient.messageId || recipient.messageId === 'None')
          throw new ProviderProtocolError('sms', `${gateway} took the SMS without a message id`)
        return { messageId: recipient.messageId }
      }
      if (atRefused.has(recipient.statusCode))
        throw new SmsRefusedError('africastalking', `${gateway} refused the number: ${say(what)}`)
      if (atMisconfigured.has(recipient.statusCode))
        throw new ProviderProtocolError('sms', `${gateway} refused the sender id: ${say(what)}`)
      if (atUnavailable.has(recipient.statusCode))
        throw new ProviderUnavailableError('sms', `${gateway} could not send now: ${say(what)}`)
      throw new ProviderProtocolError('sms', `${gateway} answered an unknown status: ${say(what)}`)
    },
  }
}

// ── Pindo ──

export type PindoConfig = {
  /** `https://api.pindo.io`, or a fake's url. */
  baseUrl: string
  /** The account's bearer token. */
  token: string
  /** A sender id registered with Pindo; without it Pindo's default is used. */
  sender?: string
  /** Default 10 000 ms. */
  timeoutMs?: number
  fetch?: typeof fetch
}

const pindoSent = z.object({
  sms_id: z.union([z.string().min(1), z.number()]).transform(String),
  status: z.string().optional(),
  to: z.string().optional(),
})
/** Pindo's refusals carry a message (its field name has varied: message, error or detail). */
const pindoError = z
  .object({ message: z.unknown(), error: z.unknown(), detail: z.unknown() })
  .partial()
  .transform((body) => [body.message, body.error, body.detail].find((value) => typeof value === 'string'))

export function createPindoGateway(config: PindoConfig): SmsGateway {
  const fetcher = config.fetch ?? fetch
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs
  const url = `${config.baseUrl.replace(/\/+$/, '')}/v1/sms/`
  const gateway = 'Pindo'
  const reason = (json: unknown) => {
    const parsed = pindoError.safeParse(json)
    const text = parsed.success ? parsed.data : undefined
    return typeof text === 'string' ? `: ${cleaned(text, config.token)}` : ''
  }

  return {
    name: 'pindo',
    async send(sms) {
      const body: Record<string, string> = { to: sms.to, text: sms.text }
      if (config.sender) body.sender = config.sender
      const answer = await post(
        gateway,
        fetcher,
        url,
        {
          headers: {
            Authorization: `Bearer ${config.token}`,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(body),
        },
        timeoutMs,
      )
      if (answer.status === 401 || answer.status === 403)
        throw new ProviderProtocolError('sms', `${gateway} refused the token (HTTP ${answer.status})`)
      // 409: a number of an unsupported country or telco, or in a wrong format (Pindo's response codes);
      // 400 and 422: a number its validation refuses.
      if (answer.status === 400 || answer.status === 409 || answer.status === 422)
        throw new SmsRefusedError(
          'pindo',
          `${gateway} refused the number (HTTP ${answer.status})${reason(answer.json)}`,
        )
      if (answer.status === 402)
        throw new ProviderUnavailableError('sms', `${gateway}: the balance is too low (HTTP 402)`)
      if (answer.status >= 500 || answer.status === 429)
        throw new ProviderUnavailableError('sms', `${gateway} answered HTTP ${answer.status}`)
      if (answer.status < 200 || answer.status >= 300)
        throw new ProviderProtocolError(
          'sms',
          `${gateway} refused the request (HTTP ${answer.status})${reason(answer.json)}`,
        )
      const parsed = pindoSent.safeParse(answer.json)
      if (!parsed.success)
        throw new ProviderProtocolError('sms', `${gateway} answered a body that is not its SMS answer`)
      return { messageId: parsed.data.sms_id }
    },
  }
}

/** The gateway the settings name (SMS_PROVIDER and its credentials), or null for none: the outbox then keeps SMS. */
export type SmsGatewaySettings =
  | { provider: 'none' }
  | ({ provider: 'africastalking' } & AfricasTalkingConfig)
  | ({ provider: 'pindo' } & PindoConfig)

export function createSmsGateway(settings: SmsGatewaySettings): SmsGateway | null {
  if (settings.provider === 'africastalking') return createAfricasTalkingGateway(settings)
  if (settings.provider === 'pindo') return createPindoGateway(settings)
  return null
}
