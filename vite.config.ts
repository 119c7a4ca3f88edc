import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

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
      for (const file of walk(path.resolve('dist'))) {
        if (!compressible.test(file)) continue
        const content = readFileSync(file)
        if (content.length < 1024) continue
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
      }
    },
  }
}

const apiPort = Number(process.env.API_PORT ?? 3001)

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Vendors of the vendor area never download the admin area's code, and the reverse.
        manualChunks(id: string) {
          // React itself, not every package whose name starts with "react" (react-redux comes with the charts).
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react'
          if (id.includes('node_modules/@mantine/core') || id.includes('node_modules/@mantine/hooks'))
            return 'mantine'
          return undefined
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
})
