import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the e2e run keeps its files; shared by the global setup/teardown and the tests. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const RESULTS_DIR = path.join(ROOT, 'test-results')
export const SCREENSHOT_DIR = path.join(RESULTS_DIR, 'screenshots')
/** The server's stdout and stderr: pino's JSON lines, where mailed links and the setup link are printed. */
export const SERVER_LOG = path.join(RESULTS_DIR, 'server.log')
/** pid, port and data directory of the server the global setup started. */
export const SERVER_FILE = path.join(RESULTS_DIR, 'e2e-server.json')
/** The first admin's credentials, written by admin.setup.ts for the tests that sign in as admin. */
export const ADMIN_FILE = path.join(RESULTS_DIR, 'e2e-admin.json')
/** The sessions of the seeded shop and newcomer, written by screens.setup.ts for the axe pass's vendor screens. */
export const SCREENS_FILE = path.join(RESULTS_DIR, 'e2e-screens.json')
