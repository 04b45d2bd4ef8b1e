import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyOverrideFromSearch } from './app/override.ts';
import { registerServiceWorker } from './app/serviceWorker.ts';
import './styles/app.css';

// Before the first render, so a forced layout never flashes the other one.
applyOverrideFromSearch(window.location.search);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

window.addEventListener('load', () => {
  void registerServiceWorker();
});
