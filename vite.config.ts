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

export default defineConfig({
  plugins: [
    react(),
    firstPaintFromHtml(),
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
