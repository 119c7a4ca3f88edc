// Runs before any module (zod's chunk runs before the entry's code): zod must not probe `new Function`, which the
// policy's script-src 'self' blocks (docs/security.md). Served as written: keep it short, every visit loads it.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })
