import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { whenIdle } from './state/idle.ts';
import { applyOverrideFromSearch } from './app/override.ts';
import { preloadPage } from './app/preloadPage.ts';
import { registerServiceWorker } from './app/serviceWorker.ts';
import { layoutNow } from './app/theme.tsx';
import { applyScheme } from './ui/colourScheme.ts';
import './styles/app.css';

// Before the first render, so a forced layout never flashes the other one.
applyOverrideFromSearch(window.location.search);
// The student's light or dark choice, before React paints anything in the other one.
applyScheme();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// The HTML has painted the page's frame; React renders once the chunk of the page this visit opens on is
// in hand (preloadPage.ts), and as a transition: React works in slices of a few milliseconds with the main
// thread free between them, where a plain render is one long task that a slow phone cannot answer a tap during.
// Asked for in a task of its own: the module graph's evaluation is one long task already, and asking for the
// page chunk adds its preload links to the document.
setTimeout(() => {
  void preloadPage(window.location.pathname, layoutNow().layout).then(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}, 0);

// The worker precaches every chunk and game: that download waits until the page is up and the browser idle.
whenIdle(() => {
  void registerServiceWorker();
});
