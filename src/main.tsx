import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { whenIdle } from './app/idle.ts';
import { applyOverrideFromSearch } from './app/override.ts';
import { registerServiceWorker } from './app/serviceWorker.ts';
import './styles/app.css';

// Before the first render, so a forced layout never flashes the other one.
applyOverrideFromSearch(window.location.search);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// Rendered as a transition: React works in slices of a few milliseconds with the main thread free between
// them, where a plain render is one long task that a slow phone cannot answer a tap during.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The worker precaches every chunk and game: that download waits until the page is up and the browser idle.
whenIdle(() => {
  void registerServiceWorker();
});
