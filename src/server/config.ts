import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { config as loadDotenv } from 'dotenv'
import { z } from 'zod'

/**
 * Which proxies in front of Isoko may be believed about the client's address (TRUST_PROXY): a number of
 * hops (each proxy appends the address it saw to X-Forwarded-For), or the proxies' own addresses.
 */
export type TrustProxy = { hops: number } | { proxies: string[] }

/** TRUST_PROXY's value: false/0 (no proxy), true (one), a number of proxies, or their comma-separated addresses. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase()
  if (['', 'false', 'no', '0'].includes(text)) return { hops: 0 }
  if (['true', 'yes'].includes(text)) return { hops: 1 }
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? { hops: Number(text) } : undefined
  const proxies = text.split(',').map(normaliseAddress)
  return proxies.every((address) => isIP(address) !== 0) ? { proxies } : undefined
}

/** `::ffff:10.0.0.1` and `10.0.0.1` are the same client (a TRUST_PROXY address and the forwarded chain, lib/client-ip.ts). */
export const normaliseAddress = (address: string) =>
  address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const urlSetting = z.url({ error: 'must be a full URL such as http://localhost:3000' })

/** Every setting the server reads. Anything required for production has a safe default for a first run. */
const envSchema = z
  .object({
    // Production unless told otherwise: only `npm run dev` relaxes the cross-site check for its own origin.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: urlSetting.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_REPLICA_URLS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^postgres(ql)?:\/\//, 'each must start with postgres:// or postgresql://')),
      ),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Isoko <no-reply@isoko.local>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: urlSetting.optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    TIME_ZONE: z.string().min(1).default('Africa/Kigali'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value)
        if (!trust)
          ctx.addIssue({
            code: 'custom',
            message: 'must be false, true, a number of proxies (1-10) or their comma-separated IP addresses',
          })
        return trust ?? { hops: 0 }
      }),
    UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
    // Per client address and 15 minutes. Many Rwandan mobile users share one address (carrier NAT), and an
    // onboarding day at a market office puts every new shop behind one: operators may raise these.
    REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
    SIGN_INS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
    // Mobile money (docs/payments.md): who sends payouts and collects fees. `manual` (the default): an admin pays
    // elsewhere and types the reference. Several may be named (`mtn,airtel`): each number goes through the
    // operator's own provider for its network before an aggregator (pawaPay).
    PAYOUT_PROVIDER: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined
        const names = value
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter(Boolean)
        const known = ['manual', 'mtn', 'airtel', 'pawapay', 'fake']
        const unknown = names.filter((name) => !known.includes(name))
        if (unknown.length > 0 || names.length === 0 || (names.includes('fake') && names.length > 1))
          ctx.addIssue({
            code: 'custom',
            message: 'must be manual, fake, or a list of mtn, airtel and pawapay',
          })
        return names.filter((name): name is 'mtn' | 'airtel' | 'pawapay' | 'fake' => name !== 'manual')
      }),
    MTN_BASE_URL: urlSetting.default('https://proxy.momoapi.mtn.com'),
    MTN_API_USER: z.string().min(1).optional(),
    MTN_API_KEY: z.string().min(1).optional(),
    MTN_DISBURSEMENT_KEY: z.string().min(1).optional(),
    MTN_COLLECTION_KEY: z.string().min(1).optional(),
    MTN_TARGET_ENVIRONMENT: z.string().min(1).default('mtnrwanda'),
    // MTN's sandbox takes only EUR.
    MTN_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a currency code such as RWF')
      .default('RWF'),
    AIRTEL_BASE_URL: urlSetting.default('https://openapi.airtel.africa'),
    AIRTEL_CLIENT_ID: z.string().min(1).optional(),
    AIRTEL_CLIENT_SECRET: z.string().min(1).optional(),
    AIRTEL_PIN: z
      .string()
      .regex(/^\d{4}$/, 'must be the 4-digit PIN')
      .optional(),
    AIRTEL_PIN_PUBLIC_KEY: z.string().min(1).optional(),
    AIRTEL_CALLBACK_SECRET: z.string().min(1).optional(),
    PAWAPAY_BASE_URL: urlSetting.default('https://api.pawapay.io'),
    PAWAPAY_API_TOKEN: z.string().min(1).optional(),
    PAWAPAY_CALLBACK_PUBLIC_KEY: z.string().min(1).optional(),
    // A transfer not settled this long after it was sent goes to the unknown queue, for a person.
    PAYMENTS_UNKNOWN_AFTER_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(120),
    // SMS to vendors: none (the outbox and the log, as mail without SMTP), Africa's Talking or Pindo.
    SMS_PROVIDER: z.enum(['none', 'africastalking', 'pindo', 'fake']).optional(),
    // Set by `npm run dev`: PAYOUT_PROVIDER and SMS_PROVIDER left unset mean the fakes (src/dev/fakes).
    ISOKO_FAKES_BY_DEFAULT: booleanFlag.default(false),
    AFRICASTALKING_BASE_URL: urlSetting.default('https://api.africastalking.com'),
    AFRICASTALKING_USERNAME: z.string().min(1).optional(),
    AFRICASTALKING_API_KEY: z.string().min(1).optional(),
    AFRICASTALKING_SENDER_ID: z.string().min(1).optional(),
    PINDO_BASE_URL: urlSetting.default('https://api.pindo.io'),
    PINDO_TOKEN: z.string().min(1).optional(),
    PINDO_SENDER: z.string().min(1).default('Isoko'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Readable lines in a terminal, one JSON object a line otherwise (for a log collector); or either, forced.
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' })
      }
    }
    const needs: Record<string, readonly (keyof typeof env)[]> = {
      mtn: ['MTN_API_USER', 'MTN_API_KEY', 'MTN_DISBURSEMENT_KEY', 'MTN_COLLECTION_KEY'],
      airtel: ['AIRTEL_CLIENT_ID', 'AIRTEL_CLIENT_SECRET', 'AIRTEL_PIN', 'AIRTEL_PIN_PUBLIC_KEY'],
      pawapay: ['PAWAPAY_API_TOKEN', 'PAWAPAY_CALLBACK_PUBLIC_KEY'],
      africastalking: ['AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY'],
      pindo: ['PINDO_TOKEN'],
    }
    for (const provider of [...(env.PAYOUT_PROVIDER ?? []), env.SMS_PROVIDER ?? 'none']) {
      for (const key of needs[provider] ?? []) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required with ${provider}` })
      }
    }
    if (env.DATABASE_REPLICA_URLS.length > 0 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URLS'],
        message: 'needs DATABASE_URL (the embedded database has no replicas)',
      })
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together',
      })
    }
    try {
      new Intl.DateTimeFormat('en', { timeZone: env.TIME_ZONE })
    } catch {
      ctx.addIssue({ code: 'custom', path: ['TIME_ZONE'], message: 'is not a known time zone' })
    }
  })

export type Config = ReturnType<typeof buildConfig>

export class ConfigError extends Error {}

function buildConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR)
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseReplicaUrls: env.DATABASE_REPLICA_URLS,
    authSecret: env.AUTH_SECRET ?? '',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3' as const,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local' as const, root: path.join(dataDir, 'files') },
    timeZone: env.TIME_ZONE,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    perAddress: { register: env.REGISTRATIONS_PER_ADDRESS, login: env.SIGN_INS_PER_ADDRESS },
    payments: {
      /** `fake`: the fakes in src/dev/fakes, started by the process itself (npm run dev, npm run demo). */
      providers: env.PAYOUT_PROVIDER ?? (env.ISOKO_FAKES_BY_DEFAULT ? ['fake' as const] : []),
      /** Whether PAYOUT_PROVIDER was set (a demo marketplace uses the fakes when it was not). */
      isSet: env.PAYOUT_PROVIDER !== undefined,
      unknownAfterMs: env.PAYMENTS_UNKNOWN_AFTER_MINUTES * 60_000,
      /** Where the providers call back (each provider's path below it). */
      callbackBase: `${publicUrl}/api/payments/callbacks`,
      mtn: {
        baseUrl: env.MTN_BASE_URL,
        apiUser: env.MTN_API_USER ?? '',
        apiKey: env.MTN_API_KEY ?? '',
        disbursementSubscriptionKey: env.MTN_DISBURSEMENT_KEY ?? '',
        collectionSubscriptionKey: env.MTN_COLLECTION_KEY ?? '',
        targetEnvironment: env.MTN_TARGET_ENVIRONMENT,
        currency: env.MTN_CURRENCY,
      },
      airtel: {
        baseUrl: env.AIRTEL_BASE_URL,
        clientId: env.AIRTEL_CLIENT_ID ?? '',
        clientSecret: env.AIRTEL_CLIENT_SECRET ?? '',
        pin: env.AIRTEL_PIN ?? '',
        pinPublicKey: env.AIRTEL_PIN_PUBLIC_KEY ?? '',
        callbackSecret: env.AIRTEL_CALLBACK_SECRET,
      },
      pawapay: {
        baseUrl: env.PAWAPAY_BASE_URL,
        apiToken: env.PAWAPAY_API_TOKEN ?? '',
        callbackPublicKey: env.PAWAPAY_CALLBACK_PUBLIC_KEY,
      },
    },
    sms: {
      provider: env.SMS_PROVIDER ?? (env.ISOKO_FAKES_BY_DEFAULT ? 'fake' : 'none'),
      isSet: env.SMS_PROVIDER !== undefined,
      africastalking: {
        baseUrl: env.AFRICASTALKING_BASE_URL,
        username: env.AFRICASTALKING_USERNAME ?? '',
        apiKey: env.AFRICASTALKING_API_KEY ?? '',
        senderId: env.AFRICASTALKING_SENDER_ID,
      },
      pindo: { baseUrl: env.PINDO_BASE_URL, token: env.PINDO_TOKEN ?? '', sender: env.PINDO_SENDER },
    },
  }
}

/** Reads the environment (and `.env` when present), failing with one line per bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, { readDotenv = true } = {}): Config {
  if (readDotenv) loadDotenv({ quiet: true })
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${String(issue.path[0] ?? 'environment')}: ${issue.message}`,
    )
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`)
  }
  const config = buildConfig(parsed.data)
  mkdirSync(config.dataDir, { recursive: true })
  if (!config.authSecret) config.authSecret = readOrCreateSecret(path.join(config.dataDir, 'auth-secret'))
  return config
}

/** A first run needs no settings: the auth secret is generated once and kept beside the data. */
function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  }
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
