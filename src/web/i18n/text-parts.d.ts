/** A part of a language bundle (src/web/i18n/index.ts), cut from en.json or rw.json at build time (vite.config.ts). */
declare module '*.json?part=base' {
  const texts: Record<string, unknown>
  export default texts
}
declare module '*.json?part=areas' {
  const texts: Record<string, unknown>
  export default texts
}
declare module '*.json?part=admin' {
  const texts: Record<string, unknown>
  export default texts
}
declare module '*.json?part=setup' {
  const texts: Record<string, unknown>
  export default texts
}
