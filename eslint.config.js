import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

/** Server folders that are features (routes + service); the others are libraries every feature may use. */
const serverFeatures = [
  'account',
  'dashboard',
  'messages',
  'orders',
  'payouts',
  'products',
  'setup',
  'system',
  'uploads',
  'vendors',
]

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
    // One import direction: web → shared, server → shared, never back.
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }] },
  },
  ...webBoundaries(),
  {
    // A feature's service never imports another feature's code: what two features share lives in a small
    // module under src/server/lib (or db, auth, mail, realtime/events, storage).
    files: serverFeatures.map((feature) => `src/server/${feature}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: serverFeatures.map((feature) => ({
            group: [`../${feature}/**`],
            message: 'Features do not import each other: move what they share into src/server/lib.',
          })),
        },
      ],
    },
  },
)
