import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

/** The server serves the app under /@next/ and at /login; the dev server does the same. */
function serveLoginRoute(): Plugin {
  return {
    name: 'serve-login-route',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/login' || req.url?.startsWith('/login?')) req.url = '/@next/';
        next();
      });
    },
  };
}

export default defineConfig({
  base: '/@next/',
  plugins: [react(), serveLoginRoute()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The contract's constants sit beside its zod schemas; the web app rarely needs the schemas,
      // so building them is marked pure and unused ones drop out of the bundle.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
  },
});
