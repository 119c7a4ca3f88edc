import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'

/**
 * Server folders that are features. A feature imports another only through the files named here, its public
 * face (an audit entry, a guard, a mail, an announcement); everything else in it is its own.
 */
const serverFeatures = {
  account: [],
  audit: ['record-audit.ts', 'history.ts'],
  auth: [
    'actor.ts',
    'auth.ts',
    'auth-errors.ts',
    'guards.ts',
    'language.ts',
    'one-time-tokens.ts',
    'passwords.ts',
    'rate-limit.ts',
  ],
  dashboard: [],
  adjustments: [],
  ledger: ['ledger.ts'],
  mail: ['decision-mail.ts', 'mail.service.ts', 'monthly-statement-mail.ts', 'password-reset-mail.ts'],
  messages: [],
  orders: [],
  payouts: [],
  // Payouts send through it: the providers' registry and the transfers' state changes.
  payments: ['registry.ts', 'transfers.service.ts', 'provider.ts'],
  products: [],
  realtime: ['events.ts'],
  reports: [],
  setup: [],
  sms: ['sms.service.ts', 'sms-gateway.ts'],
  system: [],
  team: [],
  uploads: [],
  vendors: [],
}

/**
 * The server's layers: `lib/` holds leaf helpers that import no feature (nor the app that composes them), and
 * each feature reaches another only through its public face (serverFeatures).
 */
function serverBoundaries() {
  const folders = Object.keys(serverFeatures)
  const libZone = {
    target: './src/server/lib',
    from: [
      ...folders.map((folder) => `./src/server/${folder}`),
      './src/server/app.ts',
      './src/server/deps.ts',
    ],
    message:
      'src/server/lib holds leaf helpers: it imports no feature. Move this into the feature, or the helper out of lib.',
  }
  const featureZones = folders.flatMap((feature) =>
    folders
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/server/${feature}`,
        from: `./src/server/${other}`,
        except: serverFeatures[other].map((file) => `./${file}`),
        message: `Features import each other only through their public files (serverFeatures in eslint.config.js): move what they share there, or into src/server/lib.`,
      })),
  )
  return {
    files: ['src/server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [libZone, ...featureZones] }] },
  }
}

/**
 * The browser may read the server's route types (the typed client), never its code; the admin area and the
 * vendor area never import each other (what both use lives in src/web/components).
 */
function webBoundaries() {
  const server = { group: ['**/server/**'], allowTypeImports: true }
  const area = (other) => ({
    group: [`**/${other}/**`, `./${other}/**`],
    message: `Areas do not import each other: move what both use into src/web/components.`,
  })
  // Toasts load with the first one shown: screens show them through showToast, which mounts them first.
  const toasts = {
    name: '@mantine/notifications',
    importNames: ['notifications'],
    message: 'Show a toast with showToast (src/web/components/show-toast.ts).',
  }
  const rule = (...patterns) => ({
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { paths: [toasts], patterns: [server, ...patterns] },
    ],
  })
  return [
    { files: ['src/web/**/*.{ts,tsx}'], rules: rule() },
    { files: ['src/web/vendor-area/**/*.{ts,tsx}'], rules: rule(area('admin-area')) },
    { files: ['src/web/admin-area/**/*.{ts,tsx}'], rules: rule(area('vendor-area')) },
    {
      files: ['src/web/components/show-toast.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [server] }] },
    },
  ]
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        module: 'writable',
        fetch: 'readonly',
        performance: 'readonly',
      },
    },
  },
  {
    // The script /api/docs serves to the browser as it is (no build step): the browser's globals.
    files: ['src/server/system/api-docs-client.js'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'document',
          'window',
          'location',
          'fetch',
          'performance',
          'FormData',
          'Blob',
          'Response',
          'TextDecoder',
          'URLSearchParams',
          'HTMLElement',
          'HTMLFormElement',
          'HTMLInputElement',
          'HTMLButtonElement',
          'HTMLDetailsElement',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // One import direction: web → shared, server → shared, never back.
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }] },
  },
  ...webBoundaries(),
  {
    // No import circles on the server and in the shared rules (a type-only import is none: it is gone at run
    // time). The browser's code is held by the build, which refuses chunks importing each other in a circle.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  serverBoundaries(),
)
