import pino from 'pino'

export type Logger = pino.Logger

type LoggedError = {
  type: string
  message: string
  stack?: string
  code?: string
  constraint?: string
  cause?: LoggedError
}

/** A database message may quote the refused value (`invalid input syntax for type uuid: "…"`): cut it off. */
const withoutQuotedValue = (message: string) => message.replace(/:\s*"[^"]*"\s*$/, '')

/**
 * Errors are logged by their kind, code and stack, never with what the request carried: a failed query's
 * message names its parameters (a customer's e-mail, a message's text), and a database error's detail can
 * quote a row. The SQL itself (with $1 placeholders) stays, to find the query.
 */
export function serializeError(error: unknown, depth = 0): LoggedError | undefined {
  if (!(error instanceof Error) || depth > 3) return undefined
  const record = error as Error & { query?: unknown; code?: unknown; constraint?: unknown }
  const message =
    typeof record.query === 'string' ? `Failed query: ${record.query}` : withoutQuotedValue(error.message)
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  const logged: LoggedError = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  }
  if (typeof record.code === 'string') logged.code = record.code
  if (typeof record.constraint === 'string') logged.constraint = record.constraint
  const cause = serializeError(error.cause, depth + 1)
  if (cause) logged.cause = cause
  return logged
}

export function createLogger(
  level: string,
  pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production',
  destination?: pino.DestinationStream,
) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: (error: unknown) => serializeError(error) ?? error },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'password',
        '*.password',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  }
  return destination ? pino(options, destination) : pino(options)
}
