import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
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
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,json,webmanifest,woff2}'],
        // Source maps are for developers; install screenshots are only read by the browser's install dialog.
        globIgnores: ['**/*.map', 'screenshots/**'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
});
