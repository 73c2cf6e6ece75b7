import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const src = decodeURIComponent(new URL('./src/', import.meta.url).pathname)

// Two builds (npm run build): the browser's (web/dist, with a manifest naming each module's chunk
// and CSS, which the server uses to link a page's code-split chunks) and the web server with the
// app's server renderer (`vite build --ssr server/server.ts`: web/dist-server/server.js).
// In development, /api and /objects go to the gateway (npm start) so cookies stay same-origin.
// The page's scripts are fetched at low priority: the server-rendered HTML, its stylesheet and the
// hero image come first on a slow connection, and the scripts (which only hydrate what is already
// on screen) follow. Module scripts and modulepreloads are High by default in Chrome, ahead of
// the image. assets.ts does the same for the per-page preloads.
const lowPriorityScripts: Plugin = {
  name: 'low-priority-scripts',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
  },
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), lowPriorityScripts],
  resolve: {
    // `@/x` is web/src/x (same alias in tsconfig.json "paths").
    alias: { '@/': src },
    // The repo root also holds React 18 (a tool's dependency); Radix packages hoisted there must
    // use the app's React 19, or hooks break with two Reacts in one bundle.
    dedupe: ['react', 'react-dom'],
  },
  ssr: {
    // Bundle every dependency into the server except React itself, so react-router, Radix and
    // zustand (some hoisted to the repo root) all use web/node_modules' React 19, and the server's
    // own runtime packages (package.json "dependencies", installed in the image).
    noExternal: true,
    external: ['react', 'react-dom', '@site/service-kit', '@fastify/static', 'fastify-plugin', 'prom-client'],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/objects': 'http://localhost:8080',
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, sourcemap: true, target: 'node24', copyPublicDir: false }
    : { sourcemap: true, chunkSizeWarningLimit: 600, manifest: true },
}))
