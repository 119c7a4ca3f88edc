import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocally, readBody } from './fake-server'

/**
 * Stand-ins for the two SMS gateways, Africa's Talking and Pindo, in memory, on 127.0.0.1: what tests and a
 * development machine talk to when no SMS account is configured. Each answers on its gateway's path, checks its
 * credentials, headers and body as the gateway does, and answers in the gateway's shapes and status codes.
 *
 * Outcomes are scripted by the number's last six digits, on both fakes:
 * - `999991`: an invalid number (Africa's Talking: InvalidPhoneNumber, 403; Pindo: HTTP 409);
 * - `999992`: a refused number (Africa's Talking: UserInBlacklist, 406; Pindo: HTTP 409, unsupported telco);
 * - `999993`: the gateway answers HTTP 500;
 * - `999994`: the gateway holds the request past any client's timeout (hangMs), then answers 504 without
 *   sending;
 * - any other number in E.164 (with the plus) is sent.
 *
 * Control endpoints (JSON, no credentials): `GET /_fake/messages` lists every SMS the fake sent (to, text,
 * sender, id, time), `POST /_fake/reset` forgets them, `POST /_fake/fail-next {"count": n}` makes the next n
 * sends answer 503 before anything else is looked at (as a gateway behind a failing load balancer).
 */

export type FakeSms = { id: string; to: string; text: string; sender: string; time: string }

export type SmsFake = {
  url: string
  /** What GET /_fake/messages shows: every SMS sent, oldest first. */
  messages(): FakeSms[]
  close(): Promise<void>
}

export type AfricasTalkingFakeOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Default `sandbox`. */
  username?: string
  /** Default `fake-africastalking-api-key`. */
  apiKey?: string
  /** How long a `999994` number's request is held. Default 30 s. */
  hangMs?: number
}

export type PindoFakeOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Default `fake-pindo-token`. */
  token?: string
  /** How long a `999994` number's request is held. Default 30 s. */
  hangMs?: number
}

type Outcome = 'sent' | 'invalid' | 'refused' | 'error' | 'hang'

/** The outcome a number scripts; a number not in E.164 is invalid on both gateways. */
export function scriptedSmsOutcome(to: string): Outcome {
  if (!/^\+[1-9]\d{7,14}$/.test(to)) return 'invalid'
  const outcomes: Record<string, Outcome> = {
    '999991': 'invalid',
    '999992': 'refused',
    '999993': 'error',
    '999994': 'hang',
  }
  return outcomes[to.slice(-6)] ?? 'sent'
}

const sameSecret = (given: string | undefined, expected: string) => {
  const a = Buffer.from(given ?? '')
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

type Answer = { status: number; body: unknown }
/** An answer the handler gives, or 'hang': hold the request for hangMs, then 504. */
type Handled = Answer | 'hang'

/** A JSON body, or plain text when `body` is a string (as Africa's Talking answers its errors). */
function respond(response: ServerResponse, { status, body }: Answer) {
  if (response.writableEnded) return
  if (typeof body === 'string') {
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(body)
    return
  }
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
}

/**
 * The server both fakes share: body reading, the control endpoints, fail-next, held requests and closing.
 * `send` handles the gateway's one send path and records what it sends through `record`.
 */
async function startSmsFake(options: {
  port?: number
  hangMs: number
  isSendPath: (method: string, path: string) => boolean
  unavailable: Answer
  notFound: Answer
  send: (request: IncomingMessage, body: string, record: (sms: Omit<FakeSms, 'time'>) => void) => Handled
}): Promise<SmsFake> {
  let messages: FakeSms[] = []
  let failNext = 0
  const timers = new Set<NodeJS.Timeout>()

  const record = (sms: Omit<FakeSms, 'time'>) => messages.push({ ...sms, time: new Date().toISOString() })

  function control(method: string, path: string, body: string): Answer {
    if (method === 'GET' && path === '/_fake/messages') return { status: 200, body: { messages } }
    if (method === 'POST' && path === '/_fake/reset') {
      messages = []
      failNext = 0
      return { status: 200, body: { reset: true } }
    }
    if (method === 'POST' && path === '/_fake/fail-next') {
      let count = 1
      try {
        const parsed = body ? (JSON.parse(body) as { count?: unknown }) : {}
        if (parsed.count !== undefined) count = Number(parsed.count)
      } catch {
        return { status: 400, body: { error: 'The body is not JSON.' } }
      }
      if (!Number.isInteger(count) || count < 0)
        return { status: 400, body: { error: 'count is a whole number, 0 or more.' } }
      failNext = count
      return { status: 200, body: { failNext } }
    }
    return { status: 404, body: { error: 'No such control endpoint.' } }
  }

  function route(request: IncomingMessage, response: ServerResponse, body: string) {
    const method = request.method ?? 'GET'
    const path = new URL(request.url ?? '/', 'http://fake').pathname
    if (path.startsWith('/_fake/')) return respond(response, control(method, path, body))
    if (!options.isSendPath(method, path)) return respond(response, options.notFound)
    if (failNext > 0) {
      failNext -= 1
      return respond(response, options.unavailable)
    }
    const handled = options.send(request, body, record)
    if (handled !== 'hang') return respond(response, handled)
    const timer = setTimeout(() => {
      timers.delete(timer)
      respond(response, { status: 504, body: 'Gateway Timeout' })
    }, options.hangMs)
    timers.add(timer)
  }

  const server = createServer((request, response) => {
    readBody(request, (body) => {
      try {
        route(request, response, body)
      } catch {
        respond(response, { status: 500, body: 'Internal Server Error' })
      }
    })
  })
  const url = await listenLocally(server, options.port)

  return {
    url,
    messages: () => [...messages],
    async close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

/** 160 characters a part, or 153 each when the text is split (the rest carries the joining header). */
const parts = (text: string) => (text.length <= 160 ? 1 : Math.ceil(text.length / 153))

/**
 * Africa's Talking's `POST /version1/messaging`: the `apiKey` header and the form's `username` must match,
 * `Accept: application/json` is asked for, the body is form-encoded with `to` (comma-separated), `message` and
 * an optional `from`. The answer is `SMSMessageData` with one entry per recipient (HTTP 201); a wrong key or
 * username is a plain-text 401.
 */
export function startAfricasTalkingFake(options: AfricasTalkingFakeOptions = {}): Promise<SmsFake> {
  const username = options.username ?? 'sandbox'
  const apiKey = options.apiKey ?? 'fake-africastalking-api-key'
  const pricePerPart = 20

  return startSmsFake({
    port: options.port,
    hangMs: options.hangMs ?? 30_000,
    isSendPath: (method, path) => method === 'POST' && /^\/version1\/messaging\/?$/.test(path),
    unavailable: { status: 503, body: 'Service Unavailable' },
    notFound: { status: 404, body: 'Not Found' },
    send(request, body, record) {
      const header = request.headers.apikey
      const given = Array.isArray(header) ? header[0] : header
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      const form = new URLSearchParams(isForm ? body : '')
      if (!sameSecret(given, apiKey) || form.get('username') !== username)
        return { status: 401, body: 'The supplied authentication is invalid' }
      if (!(request.headers.accept ?? '').includes('application/json'))
        return { status: 406, body: 'This fake answers JSON only: send Accept: application/json' }
      for (const field of ['username', 'to', 'message'])
        if (!form.get(field))
          return { status: 400, body: `Request is missing required form field '${field}'` }

      const numbers = form
        .get('to')!
        .split(',')
        .map((value) => value.trim())
      const outcomes = numbers.map(scriptedSmsOutcome)
      if (outcomes.includes('error')) return { status: 500, body: 'Internal Server Error' }
      if (outcomes.includes('hang')) return 'hang'

      const text = form.get('message')!
      const sender = form.get('from') || 'AFRICASTKNG'
      const cost = pricePerPart * parts(text)
      const recipients = numbers.map((number, index) => {
        const outcome = outcomes[index]!
        if (outcome === 'invalid')
          return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' }
        if (outcome === 'refused')
          return { statusCode: 406, number, status: 'UserInBlacklist', cost: '0', messageId: 'None' }
        const messageId = `ATXid_${randomBytes(16).toString('hex')}`
        record({ id: messageId, to: number, text, sender })
        return { statusCode: 101, number, status: 'Success', cost: `RWF ${cost.toFixed(4)}`, messageId }
      })
      const sent = recipients.filter((recipient) => recipient.statusCode === 101).length
      return {
        status: 201,
        body: {
          SMSMessageData: {
            Message: `Sent to ${sent}/${numbers.length} Total Cost: RWF ${(sent * cost).toFixed(4)}`,
            Recipients: recipients,
          },
        },
      }
    },
  })
}

/** An id in Pindo's form: `out_sms_` and 26 characters of Crockford base 32 (a ULID). */
function pindoId() {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
  return `out_sms_${[...randomBytes(26)].map((byte) => alphabet[byte % 32]).join('')}`
}

/**
 * Pindo's `POST /v1/sms/`: `Authorization: Bearer <token>`, a JSON body `{to, text, sender}`. A send answers
 * 201 with the SMS's id, its cost and the remaining balance; a wrong token 401; a number of a wrong format or an
 * unsupported telco 409 (Pindo's response codes); a body without `to` or `text` 400.
 */
export function startPindoFake(options: PindoFakeOptions = {}): Promise<SmsFake> {
  const token = options.token ?? 'fake-pindo-token'
  const itemPrice = 0.006
  let balance = 1_000

  return startSmsFake({
    port: options.port,
    hangMs: options.hangMs ?? 30_000,
    isSendPath: (method, path) => method === 'POST' && /^\/v1\/sms\/?$/.test(path),
    unavailable: { status: 503, body: { message: 'Service unavailable.', status: 503 } },
    notFound: { status: 404, body: { message: 'Invalid resource URI.', status: 404 } },
    send(request, body, record) {
      const authorization = request.headers.authorization ?? ''
      const bearer = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined
      if (!sameSecret(bearer, token))
        return { status: 401, body: { message: 'Unauthorized access. Check your token.', status: 401 } }
      let json: Record<string, unknown> = {}
      try {
        if ((request.headers['content-type'] ?? '').startsWith('application/json'))
          json = JSON.parse(body) as Record<string, unknown>
      } catch {
        return { status: 400, body: { message: 'The body is not JSON.', status: 400 } }
      }
      const { to, text, sender } = json ?? {}
      if (typeof to !== 'string' || typeof text !== 'string' || !text)
        return { status: 400, body: { message: 'to and text are required.', status: 400 } }
      if (sender !== undefined && typeof sender !== 'string')
        return { status: 400, body: { message: 'sender is a string.', status: 400 } }

      const outcome = scriptedSmsOutcome(to)
      if (outcome === 'invalid')
        return { status: 409, body: { message: 'Wrong phone number format.', status: 409 } }
      if (outcome === 'refused')
        return { status: 409, body: { message: 'Number is from an unsupported telco.', status: 409 } }
      if (outcome === 'error')
        return { status: 500, body: { message: 'Internal server error.', status: 500 } }
      if (outcome === 'hang') return 'hang'

      const count = parts(text)
      const cost = Number((itemPrice * count).toFixed(3))
      balance = Number((balance - cost).toFixed(3))
      const id = pindoId()
      const from = sender || 'PindoTest'
      record({ id, to, text, sender: from })
      const host = request.headers.host ?? '127.0.0.1'
      return {
        status: 201,
        body: {
          bonus: 0,
          discount: 0,
          item_count: count,
          item_price: itemPrice,
          remaining_balance: balance,
          self_url: `http://${host}/v1/sms/${id}`,
          sms_id: id,
          status: 'sent',
          to,
          text,
          sender: from,
          total_cost: cost,
        },
      }
    },
  })
}
