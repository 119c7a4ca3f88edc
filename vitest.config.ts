import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/fixtures/global-setup.ts'],
          // Two files touch the database; sharing the worker's PGlite saves one start-up.
          isolate: false,
          // One worker per core: Vitest's default on two cores is one, which leaves the other idle.
          maxWorkers: 2,
          testTimeout: 15_000,
          hookTimeout: 30_000,
          // A plain `vitest run` runs the quick unit project first, then the api project.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'component',
          // Screens' pieces rendered in a simulated document: the logic that lives in components.
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/setup.ts'],
          // One worker per core (Vitest's default on two cores is one): each file spends about a second loading
          // the screens' modules, and some wait seconds on the screens' own polling.
          maxWorkers: 2,
          testTimeout: 15_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          // The API suites, and the security and reliability proofs that drive the same in-process app.
          include: [
            'tests/api/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/reliability/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/fixtures/global-setup.ts'],
          isolate: false,
          // Password hashing and PGlite are CPU-bound: one worker per core at most (this machine has two).
          maxWorkers: 2,
          // A ceiling for a stuck test, not a speed target (bench/ measures speed): on CI the suite's second run,
          // on PostgreSQL, shares the two cores with the browsers, and a test of a dozen sign-ins (a password hash
          // each) can take its 20 s there.
          testTimeout: 45_000,
          hookTimeout: 90_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
