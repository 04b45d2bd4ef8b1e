import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundledGames } from './scripts/bundledGames.ts';
import { PRECACHE } from './scripts/precache.ts';
import { THEME_STYLE_ID, themeCss } from './src/app/themeCss.ts';

/**
 * The first paint comes from index.html alone: its static navbar frame, the default theme's colours
 * and the entry stylesheet are all written into the page, so no request (not even one answered by the
 * service worker) stands between the HTML and the first frame. The app rewrites the theme element
 * when the theme differs. An inlined stylesheet then leaves the build, so no device precaches a copy
 * that nothing reads.
 */
function firstPaintFromHtml(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'portal-first-paint-from-html',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const page = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return tag;
          inlined.add(file);
          return `<style>${String(asset.source)}</style>`;
        });
        // The body font is asked for with the page, not once the inlined stylesheet has been read.
        const font = Object.keys(ctx.bundle ?? {}).find((file) => /nunito-latin-wght-normal-[^/]*\.woff2$/.test(file));
        const preload = font === undefined ? [] : [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' as const }];
        return {
          html: page,
          tags: [...preload, { tag: 'style', attrs: { id: THEME_STYLE_ID }, children: themeCss('light'), injectTo: 'head' }],
        };
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of inlined) delete bundle[file];
      },
    },
  };
}

/**
 * src/early.ts as an entry of its own, its script tag first in the page: written into index.html, Vite
 * would merge it into the main script, and it exists to arrive long before that one (see the file).
 */
function earlyScript(): Plugin {
  const entry = 'src/early.ts';
  return {
    name: 'portal-early-script',
    config: () => ({ build: { rollupOptions: { input: { index: 'index.html', early: entry } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (ctx.bundle === undefined) return [{ tag: 'script', attrs: { type: 'module', src: `/${entry}` }, injectTo: 'head-prepend' }];
        const chunk = Object.values(ctx.bundle).find((file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith(`/${entry}`));
        if (chunk?.type !== 'chunk') throw new Error(`the build has no chunk for ${entry}`);
        // Every chunk it imports, however deep: each is asked for with the page, not once its importer has arrived.
        const needed = new Set<string>();
        const visit = (file: string) => {
          const found = ctx.bundle?.[file];
          if (found?.type !== 'chunk' || needed.has(file)) return;
          needed.add(file);
          found.imports.forEach(visit);
        };
        chunk.imports.forEach(visit);
        return [
          { tag: 'script', attrs: { type: 'module', crossorigin: '', src: `/${chunk.fileName}` }, injectTo: 'head-prepend' },
          ...[...needed].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    firstPaintFromHtml(),
    earlyScript(),
    bundledGames(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself through workbox-window, so it can offer the update.
      injectRegister: false,
      manifest: {
        name: 'Hollowed Portal',
        short_name: 'Portal',
        description: 'Browser games for students, online and offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1e3a8a',
        background_color: '#f1f5f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Chromium shows the richer install dialog only with a wide and a narrow screenshot.
        screenshots: [
          { src: '/screenshots/wide.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide', label: 'The game list on a laptop' },
          { src: '/screenshots/narrow.png', sizes: '720x1280', type: 'image/png', form_factor: 'narrow', label: 'The game list on a phone' },
        ],
      },
      injectManifest: PRECACHE,
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
});
