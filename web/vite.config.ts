import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const src = decodeURIComponent(new URL('./src/', import.meta.url).pathname)

// In development, /api and /objects go to the gateway (npm start) so cookies stay same-origin.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // `@/x` is web/src/x (same alias in tsconfig.json "paths").
    alias: { '@/': src },
    // The repo root also holds React 18 (a tool's dependency); Radix packages hoisted there must
    // use the app's React 19, or hooks break with two Reacts in one bundle.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/objects': 'http://localhost:8080',
    },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 600 },
})
