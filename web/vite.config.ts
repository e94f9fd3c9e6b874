import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where the API server listens during development. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/** Paths the dev server hands to the API server instead of the SPA. */
const proxied = ['/api', '/v1', '/v1beta', '/mj', '/suno', '/dashboard', '/metrics'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
