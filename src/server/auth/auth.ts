import type { Config } from '../config'
import type { Db } from '../db/client'
import { lazyModule } from '../lib/lazy'
import type { Logger } from '../lib/logger'
import { accounts, sessions, users, verifications } from '../db/schema'
import { rememberLibraryError } from './auth-errors'
import { passwordHashing } from './passwords'
import { afterPasswordReset, mailResetLink, RESET_LINK_TTL_SECONDS } from './password-reset-hooks'

export const SESSION_DAYS = 7
/** A session in use is extended (its end moved SESSION_DAYS on) at most once in this time. */
const SESSION_UPDATE_AGE_DAYS = 1
const COOKIE_PREFIX = 'isoko'
const DAY_SECONDS = 24 * 60 * 60

type AuthOptions = {
  config: Config
  db: Db
  logger: Logger
  onSignUp: (user: { id: string; email: string; fullName: string }) => Promise<void>
}

/** The library's session settings, as Isoko reads a session without it (auth/session-actor.ts). */
export function sessionSettings(config: Config) {
  const secure = config.publicUrl.startsWith('https://')
  return {
    // The library's name for the cookie: `<prefix>.session_token`, `__Secure-` first when the site is https.
    cookieName: `${secure ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`,
    secret: config.authSecret,
    expiresInMs: SESSION_DAYS * DAY_SECONDS * 1000,
    updateAgeMs: SESSION_UPDATE_AGE_DAYS * DAY_SECONDS * 1000,
  }
}

/**
 * better-auth owns passwords, sessions and Google sign-in. Isoko's own routes (account.routes.ts) wrap
 * its calls so every answer follows the one error model; only the Google redirect flow is exposed as is.
 */
async function loadLibrary(options: AuthOptions) {
  const [{ betterAuth }, { drizzleAdapter }, { APIError }] = await Promise.all([
    import('better-auth'),
    import('better-auth/adapters/drizzle'),
    import('better-auth/api'),
  ])
  rememberLibraryError(APIError)
  const { config, db } = options
  const secure = config.publicUrl.startsWith('https://')
  return betterAuth({
    appName: 'Isoko',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      fields: { name: 'fullName' },
      additionalFields: {
        // Never taken from the client: input false, and the create hook below forces vendor.
        role: { type: 'string', required: false, input: false, defaultValue: 'vendor' },
        // Recorded by the server from the language the screens send (language.ts), never from a sign-up form.
        language: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: passwordHashing(config.env),
      autoSignIn: false,
      // "Forgot password?" (password-reset-hooks.ts): a single-use link that expires; setting the new
      // password ends every session of the account, so whoever held one is signed out.
      sendResetPassword: async ({ user, token }) => {
        await mailResetLink({ db, publicUrl: config.publicUrl }, user, token)
      },
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await afterPasswordReset(db, user)
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // Isoko issues its own single-use link (one-time-tokens.ts) instead of the library's reusable one.
      sendVerificationEmail: async ({ user }) => {
        await options.onSignUp({ id: user.id, email: user.email, fullName: user.name })
      },
    },
    // Reset tokens are stored as their SHA-256 only, so a database leak holds no usable link.
    verification: { storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } } },
    session: { expiresIn: SESSION_DAYS * DAY_SECONDS, updateAge: SESSION_UPDATE_AGE_DAYS * DAY_SECONDS },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            accessType: 'offline',
            prompt: 'consent',
          },
        }
      : {},
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    databaseHooks: {
      user: {
        create: {
          // Every account the library creates (e-mail sign-up, first Google sign-in) is a vendor.
          before: async (user) => ({ data: { ...user, role: 'vendor' } }),
        },
      },
    },
    // Off: its counts live in one process's memory, and it cannot see the client's address (so all visitors
    // shared one bucket). The routes it serves (the Google flow) are limited per address in PostgreSQL instead
    // (countGoogleSignInStep, app.ts); Isoko's own routes never went through it.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      database: { generateId: 'uuid' },
      // The session's recorded address: never the client-written X-Forwarded-For (lib/client-ip.ts).
      ipAddress: { ipAddressHeaders: [] },
    },
    telemetry: { enabled: false },
    // The library's own messages go through the app's logger (and its level); only the message is kept,
    // since its extra arguments can carry a failed query with the user's e-mail address.
    logger: {
      level: 'warn',
      log: (level, message) =>
        options.logger[level === 'debug' ? 'debug' : level]({ source: 'auth' }, message),
    },
  })
}

export type AuthLibrary = Awaited<ReturnType<typeof loadLibrary>>
type Api = AuthLibrary['api']

/**
 * The auth library, loaded and set up on its first use: a sign-up, a sign-in or out, a password reset, the
 * Google flow, or a session due for its daily extension. Reading the session of a request does not need it
 * (auth/session-actor.ts), so a server that only answers signed-in requests never loads it (about 20 MB).
 * `api` holds the library's calls Isoko makes, each loading the library first.
 */
export function createAuth(options: AuthOptions) {
  const library = lazyModule(() => loadLibrary(options))
  const call = <Name extends keyof Api>(name: Name) =>
    (async (...args: unknown[]) => {
      const method = (await library()).api[name] as (...args: unknown[]) => unknown
      return method(...args)
    }) as Api[Name]
  return {
    library,
    session: sessionSettings(options.config),
    api: {
      getSession: call('getSession'),
      signUpEmail: call('signUpEmail'),
      signInEmail: call('signInEmail'),
      signOut: call('signOut'),
      requestPasswordReset: call('requestPasswordReset'),
      resetPassword: call('resetPassword'),
    },
    handler: async (request: Request) => (await library()).handler(request),
  }
}

export type Auth = ReturnType<typeof createAuth>
