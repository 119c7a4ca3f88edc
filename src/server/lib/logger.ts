import pino from 'pino'

export type Logger = pino.Logger

export function createLogger(
  level: string,
  pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production',
) {
  return pino({
    level,
    base: undefined,
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
  })
}
