/**
 * Builds the app into dist/ (which the server serves). In development, `vite` serves the app and passes the API,
 * its socket and the runtime settings through to the API server, so the app talks to one origin as in production.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server; `npm run dev` sets API_URL from PORT. */
const apiServer = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      // changeOrigin stays off: the server sees the browser's own Host, as it would behind a reverse proxy.
      '/v1': { target: apiServer, ws: true },
      '/app-config.json': { target: apiServer },
    },
  },
});
