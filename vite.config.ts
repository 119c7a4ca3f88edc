import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/** The server's build (scripts/build-server.mjs) lives in dist/server/, beside the screens. */
const serverBuild = 'server'

/**
 * Empties dist/ before the screens are built, all but the server's build: Vite's own emptying would take the
 * server with it, and `npm run demo` then `npm start` built the server twice (the screens are built only for
 * the server, the server alone for the command-line tools).
 */
function emptyAllButServer(): Plugin {
  return {
    name: 'isoko-empty-all-but-server',
    apply: 'build',
    buildStart() {
      const dist = path.resolve('dist')
      if (!existsSync(dist)) return
      for (const name of readdirSync(dist))
        if (name !== serverBuild) rmSync(path.join(dist, name), { recursive: true, force: true })
    },
  }
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of each text asset once, at build time, so the server sends
 * the smallest encoding the phone accepts without compressing on every request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt)$/
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name)
      return statSync(full).isDirectory() ? walk(full) : [full]
    })
  return {
    name: 'isoko-precompress',
    apply: 'build',
    closeBundle() {
      const servedFiles = walk(path.resolve('dist')).filter(
        (file) => !file.startsWith(path.resolve('dist', serverBuild) + path.sep),
      )
      for (const file of servedFiles) {
        if (!compressible.test(file)) continue
        const content = readFileSync(file)
        // Small files too: a first visit fetches a few of under 1 KB (the runtime, the language question), and
        // each copy is kept only when it is smaller than the file.
        const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        if (br.length < content.length) writeFileSync(`${file}.br`, br)
        const gz = gzipSync(content, { level: 9 })
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz)
      }
    },
  }
}

/**
 * The top-level sections of a language bundle that only some screens show: `?part=areas` (both signed-in areas'
 * words), `?part=admin` (the admin area's own), `?part=setup` (rarely opened public screens). `?part=base` is every
 * other section: the sign-in screens and the pieces all screens share. A new section lands in the base, where
 * every screen finds it.
 */
const textPartSections: Record<string, string[]> = {
  areas: [
    'vendor',
    'nav',
    'status',
    'categories',
    'colors',
    'pager',
    'dateFilter',
    'uploads',
    'products',
    'orders',
    'payouts',
    'statement',
    'messages',
  ],
  // The manual balance adjustments, the commission screen and the reports' earnings (step 11): admins alone read
  // them.
  admin: ['admin', 'adjustments', 'money', 'moneyReport'],
  // The operators' screens (first admin, Google set-up, diagnostics) and the help page: rarely opened.
  setup: ['setup', 'setupAdmin', 'team', 'setupGoogle', 'debug', 'support'],
}

/**
 * `./en.json?part=areas` is a part of the English bundle (see textPartSections), each part its own chunk: the
 * sign-in screen downloads none of the areas' words (src/web/i18n/index.ts). en.json and rw.json stay one file
 * per language for translators, tests and the typed keys.
 */
function textParts(): Plugin {
  const partId = /^(.*[\\/]i18n[\\/](?:en|rw)\.json)\?part=(base|areas|admin|setup)$/
  const inParts = Object.values(textPartSections).flat()
  return {
    name: 'isoko-text-parts',
    enforce: 'pre',
    load(id) {
      const match = partId.exec(id)
      if (!match) return null
      const [, file, part] = match as unknown as [string, string, string]
      this.addWatchFile(file)
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
      const picked = Object.entries(texts).filter(([section]) =>
        part === 'base' ? !inParts.includes(section) : textPartSections[part]!.includes(section),
      )
      return `export default ${JSON.stringify(Object.fromEntries(picked))}`
    },
  }
}

/**
 * React 18 and later have useSyncExternalStore built in; react-i18next still imports the shim written for React 17
 * and before, which every screen would download at start for nothing.
 */
function builtInSyncExternalStore(): Plugin {
  const id = '\0use-sync-external-store-shim'
  return {
    name: 'isoko-built-in-sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (source === 'use-sync-external-store/shim' ? id : null),
    load: (loaded) => (loaded === id ? "export { useSyncExternalStore } from 'react'" : null),
  }
}

/**
 * Each Mantine component brings its own styles: the module holding a component's class names (`Button.module.mjs`)
 * imports the component's stylesheet (`@mantine/core/styles/Button.layer.css`), so the styles travel in the same
 * chunk as the component and a screen downloads and parses only the styles of what it shows (all of Mantine's CSS
 * is 290 kB). The layered stylesheets (`@layer mantine`) give way to Isoko's own CSS whatever order they arrive in.
 */
function componentStyles(): Plugin {
  const classNames = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/
  return {
    name: 'isoko-component-styles',
    transform(code, id) {
      const name = classNames.exec(id)?.[1]
      if (!name) return null
      const stylesheet = path.resolve('node_modules/@mantine/core/styles', `${name}.layer.css`)
      return existsSync(stylesheet) ? `import ${JSON.stringify(stylesheet)}\n${code}` : null
    },
  }
}

/**
 * Refuses a build whose chunks import each other in a circle. Mantine attaches a component's parts after defining
 * it (`Combobox.Target = ComboboxTarget`); when the two land in chunks that import each other, whichever runs first
 * reads the other's part before it exists, and a screen renders `undefined` (React error 130) in production only.
 * Splitting rules are tuned for bytes; this keeps a tuning from breaking a screen that no build step would notice.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'isoko-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>()
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') imports.set(file, output.imports)
      }
      const done = new Set<string>()
      const visit = (file: string, path: string[]): void => {
        const seenAt = path.indexOf(file)
        if (seenAt >= 0) {
          this.error(`Chunks import each other in a circle: ${[...path.slice(seenAt), file].join(' → ')}`)
        }
        if (done.has(file)) return
        for (const next of imports.get(file) ?? []) visit(next, [...path, file])
        done.add(file)
      }
      for (const file of imports.keys()) visit(file, [])
    },
  }
}

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importers: readonly string[]; dynamicImporters: readonly string[]; isEntry: boolean } | null
}

/** Which part of the app a screen module belongs to, by its folder. */
const screenArea = (id: string) =>
  /src[\\/]web[\\/](auth[\\/]|components[\\/]not-found-page)/.test(id)
    ? 'public'
    : /src[\\/]web[\\/](vendor-area|layouts[\\/]vendor-area)/.test(id)
      ? 'vendor'
      : /src[\\/]web[\\/](admin-area|layouts[\\/]admin-area)/.test(id)
        ? 'admin'
        : 'other'

/** The screen of a first visit. */
const signInScreen = /src[\\/]web[\\/]auth[\\/]login-page\.tsx$/

/** The screens (lazily loaded modules, or the entry) that reach a module through static imports. */
function screensUsing(id: string, graph: ModuleGraph): Set<string> {
  const screens = new Set<string>()
  const seen = new Set([id])
  const queue = [id]
  while (queue.length) {
    const current = queue.pop()!
    const info = graph.getModuleInfo(current)
    if (!info) continue
    const isScreen = info.isEntry || info.dynamicImporters.length > 0
    if (isScreen) screens.add(current)
    if (isScreen && current !== id) continue
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer)
        queue.push(importer)
      }
    }
  }
  return screens
}

/**
 * The Mantine pieces the public screens (sign-in, registration, password reset) are built of, their form library
 * and their icons. Named, not derived: the screens import them through @mantine/core's index, which the module
 * graph cannot see through. A component missing here still works; it only arrives in a file of its own.
 */
const publicUi = new RegExp(
  [
    'node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]' +
      '(Alert|Anchor|Button|CloseButton|Divider|Group|Image|Input|InputBase|Paper|PasswordInput|TextInput|Title)[\\\\/]',
    'node_modules[\\\\/]@mantine[\\\\/]form[\\\\/]',
    'node_modules[\\\\/]@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]' +
      '(createReactComponent|defaultAttributes|icons[\\\\/](IconAlertCircle|IconCircleCheck|IconBrandGoogle))\\.mjs',
  ].join('|'),
)

/**
 * Mantine's dialogs (Modal, and Drawer for the areas' menu on a phone) with what they are made of: the language
 * question on a first visit and most screens of the areas use them. (ScrollArea, inside every dialog, imports a
 * helper from floating-ui, whose one module comes whole.)
 */
const dialogs =
  /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](Drawer|FocusTrap|Modal|ModalBase|Overlay|Portal|ScrollArea|VisuallyHidden)[\\/]|@floating-ui[\\/]|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|tslib[\\/])/

const apiPort = Number(process.env.API_PORT ?? 3001)

export default defineConfig({
  plugins: [
    emptyAllButServer(),
    react(),
    textParts(),
    builtInSyncExternalStore(),
    componentStyles(),
    noChunkCycles(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    // Emptied by emptyAllButServer, which keeps the server's build.
    emptyOutDir: false,
    sourcemap: false,
    // dist/.vite/manifest.json: which files each screen needs, for the server's preload links
    // (src/server/system/web-app.ts) and bench/bundle-size.mjs. Not served.
    manifest: true,
    // Every browser Isoko supports preloads modules itself; the polyfill would be sent to all of them.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Files shared by several screens get a short name (rolldown names them after every screen using them,
        // and each name is repeated in the start-up code's preload lists).
        chunkFileNames: (chunk) =>
          chunk.name.includes('~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.includes('~'))
            ? 'assets/shared-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
        /**
         * A phone on a slow network opens /login first: it gets the start-up code and the public screens' code
         * in a handful of files, and nothing of the vendor or admin areas. Areas get their code screen by screen;
         * the vendor area never loads admin code, and the reverse.
         */
        codeSplitting: {
          groups: [
            // React itself, not every package whose name starts with "react" (react-redux comes with the charts).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 6 },
            // What every screen runs first (router, i18n, queries, Mantine's core): libraries, then Isoko's own.
            { name: 'framework', test: /node_modules/, tags: ['$initial'], priority: 5 },
            {
              name: 'shell',
              test: (id) => /[\\/]src[\\/]/.test(id) && !/[\\/]main\.tsx$/.test(id),
              tags: ['$initial'],
              priority: 5,
            },
            { name: 'public-ui', test: publicUi, priority: 4 },
            { name: 'dialogs', test: dialogs, priority: 4 },
            // Isoko's own pieces that several public screens share, and no other screen uses: those the sign-in screen
            // uses in one file, the others' in another, so a first visit to /login downloads none of what only the
            // registration and password screens need (and what they import: the marketplace's constants). (Each
            // screen stays a file of its own; a piece of one screen only, such as the toast the admin setup shows,
            // stays with it.)
            {
              debugName: 'public-shared',
              name: (id, graph) => {
                if (!/[\\/]src[\\/]web[\\/]/.test(id) || graph.getModuleInfo(id)?.dynamicImporters.length)
                  return null
                const screens = [...screensUsing(id, graph as ModuleGraph)]
                if (screens.length < 2) return null
                if (screens.some((screen) => signInScreen.test(screen))) return 'public'
                return screens.every((screen) => screenArea(screen) === 'public') ? 'public-forms' : null
              },
              priority: 3,
            },
            // The areas' other Mantine components, grouped by the exact set of screens using them. (Merging small groups
            // into their neighbours put Combobox's parts in two chunks importing each other: noChunkCycles.)
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|react-number-format|react-textarea-autosize)[\\/]/,
              entriesAware: true,
              priority: 2,
            },
            // The areas' icons, small and many: one file.
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 2 },
            // Any other library code goes with the screens that use it, grouped by the exact set of them.
            { name: 'lib', test: /node_modules/, entriesAware: true, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
})
