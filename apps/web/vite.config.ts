import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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

/**
 * issue 15: index.html paints a loading screen by itself (first contentful paint before any script
 * has loaded); React replaces it on its first render, and FullScreenSpinner draws the same screen
 * (its styles are these) while a lazy screen loads. The text is az.app.loading of the contract.
 */
const BOOT_SPLASH_STYLE = [
  '.boot-splash{height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;color:#0A4755;font-size:14px}',
  '.boot-splash__ring{width:32px;height:32px;border:3px solid #d3e5ea;border-top-color:#0A4755;border-radius:50%;animation:boot-spin .8s linear infinite}',
  '@keyframes boot-spin{to{transform:rotate(360deg)}}',
  '@media (prefers-reduced-motion:reduce){.boot-splash__ring{animation-duration:3s}}',
].join('');
const BOOT_SPLASH = '<div class="boot-splash" role="status"><div class="boot-splash__ring" aria-hidden="true"></div><span>Yüklənir...</span></div>';

function bootSplash(): Plugin {
  return {
    name: 'boot-splash',
    transformIndexHtml(html) {
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html: <div id="root"></div> not found for the boot splash');
      return html
        .replace('</head>', `  <style>${BOOT_SPLASH_STYLE}</style>\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root">${BOOT_SPLASH}</div>`);
    },
  };
}

/** Packages without a `sideEffects` field whose modules have no effect at import (see treeshake). */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]@rc-component[\\/]/;

/** antd and the packages only it uses (see codeSplitting). */
const ANTD_MODULES = /[\\/]node_modules[\\/](antd|@rc-component|@ant-design|stylis|clsx|@emotion|compute-scroll-into-view|scroll-into-view-if-needed|throttle-debounce|json2mq|string-convert|@babel)[\\/]/;
/** Widely used, but by no list's first render: left to their own chunks. */
const NOT_FIRST_RENDER = /[\\/](antd[\\/]es[\\/](tabs|card|descriptions|date-picker|calendar|time-picker)|@rc-component[\\/](tabs|picker))[\\/]/;
/** How many lazy screens must use an antd module for it to go into the shared antd chunk (measured: 12, 16, 22, 28: 22 loads least on the list). */
const SHARED_BY = 22;
/**
 * issue 15: the contract's zod-free constant modules (status ids and seeds, page sizes, formats, export
 * constants, the manual status rules). Each is shared by many screens, so left alone each becomes a
 * file of its own (7 files of 0.1–1 KB on the list page); together they make one small chunk.
 */
const CONTRACT_CONSTANTS = /[\\/]packages[\\/]contract[\\/]src[\\/]([a-z-]+-constants|declaration-status-rules|models|countries)\.ts$/;

const TREE_STUB_ID = '\0antd-table-tree-filter';

/**
 * issue 15: antd's Table imports Tree for one rarely used option (a column's `filterMode: 'tree'`),
 * so every table page loads Tree (about 10 KB brotli). This app never sets that option (its
 * DataTable draws its own filter editors), so in the build the Table's filter dropdown gets a
 * stand-in that fails loudly if the option is ever used; antd's Tree itself stays available.
 */
function withoutTableTreeFilter(): Plugin {
  return {
    name: 'without-table-tree-filter',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../../tree' && importer && /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/.test(importer)) return TREE_STUB_ID;
      return null;
    },
    load(id) {
      if (id !== TREE_STUB_ID) return null;
      return "export default function TableTreeFilter() { throw new Error(\"antd Table filterMode 'tree' is left out of this build (vite.config.ts withoutTableTreeFilter)\"); }";
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Files worth compressing (the rest, images and fonts, are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm)$/;

/**
 * issue 15: every text file of the build gets a brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside it, made once here; the API serves them as the browser accepts
 * (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(files.map(async (file) => {
        const data = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      }));
    },
  };
}

export default defineConfig({
  base: '/@next/',
  plugins: [react(), serveLoginRoute(), bootSplash(), withoutTableTreeFilter(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // issue 15: left alone, the antd modules split into one small chunk per set of screens using
        // them (80 files on the declarations list, each compressed on its own). The antd modules that
        // at least SHARED_BY screens use go into one chunk instead (a screen may load a little antd
        // it does not use; the list page loads 27 KB less); React, the router and TanStack Query keep
        // their own chunk, else the group would take them (its modules' dependencies) from the entry.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 2 },
            { name: 'contract-constants', test: CONTRACT_CONSTANTS, priority: 3 },
            { name: 'antd', test: (id) => ANTD_MODULES.test(id) && !NOT_FIRST_RENDER.test(id), minShareCount: SHARED_BY, priority: 1 },
          ],
        },
      },
      // The contract's constants sit beside its zod schemas; the web app rarely needs the schemas,
      // so building them is marked pure and unused ones drop out of the bundle.
      treeshake: {
        manualPureFunctions: ['z'],
        // issue 15: antd's @rc-component packages declare no `sideEffects`, so a barrel such as
        // @rc-component/form's index (which antd's Input reaches for FormProvider alone) brings its
        // whole package. They have no import-time effects (antd itself says so of its own files):
        // unused modules drop out. Every other module keeps its package.json answer.
        moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined),
      },
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
