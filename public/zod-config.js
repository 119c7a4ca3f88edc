/*
 * Runs before the app's modules (a classic script, parsed in place): the shared zod schemas run in the browser
 * under the Content-Security-Policy's script-src 'self' (no 'unsafe-eval'). Left to itself, zod probes
 * `new Function` when it builds its first object schema; the browser blocks it and reports a policy violation
 * (parsing still works, without the compiled fast path). Zod reads this global when it loads. A module could not
 * do it: the bundler runs the chunk holding zod and the schemas before any code of the entry.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })
