import { useState } from 'react';
import toast from 'react-hot-toast';
import { Page } from '../../ui/Page.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useOfflineCache, type AppRow, type OfflineCacheView, type OfflineState } from '../../state/utility.ts';
import { formatBytes } from '../../domain/formatBytes.ts';
import { gameFolder } from '../../domain/gameFolder.ts';
import { mainSiteUrl } from '../../links.ts';
import '../../ui/forms.css';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import './utility.css';

function GameRow({ app, state, keep }: { app: AppRow; state: OfflineState; keep: OfflineCacheView['keep'] }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const absolute = new URL(app.url, location.href).href;
  if (app.bundled) {
    const folder = gameFolder(app.url);
    const bytes = folder === null ? 0 : (state.bundled.get(folder) ?? 0);
    return (
      <li className="offline-item" data-testid="offline-game">
        <label>
          <input type="checkbox" checked disabled />
          {app.title}
        </label>
        <span className={`offline-status${bytes > 0 ? ' kept' : ''}`}>
          {bytes > 0 ? `Kept offline · ${formatBytes(bytes)} (comes with the portal)` : 'Comes with the portal: saved the first time the portal is installed'}
        </span>
      </li>
    );
  }
  const saved = state.pack.get(absolute);
  const toggle = async (kept: boolean) => {
    setBusy(true);
    setRefusal(null);
    try {
      setRefusal(await keep(app, kept));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="offline-item" data-testid="offline-game">
      <label>
        <input type="checkbox" checked={saved !== undefined} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />
        {app.title}
      </label>
      <span className={`offline-status${saved !== undefined ? ' kept' : ''}`}>
        {busy ? 'Saving…' : saved !== undefined ? `In your offline pack · ${formatBytes(saved)}` : `Plays from ${new URL(absolute).host}`}
      </span>
      {refusal !== null && (
        <p className="offline-refusal" role="alert" data-testid="offline-refusal">
          {refusal}
        </p>
      )}
    </li>
  );
}

export default function CachePage() {
  const apps = useCatalogueApps();
  const cache = useOfflineCache(apps);
  const { state } = cache;
  const info = mainSiteUrl('cacheInfo');
  const { usage, quota } = state?.estimate ?? { usage: null, quota: null };

  const clear = async () => {
    if (!window.confirm('Delete the saved copy of the portal and its games from this device? Your account and anything waiting to be sent are kept.')) return;
    const count = await cache.clear();
    toast.success(count === 0 ? 'There was nothing to clear.' : 'Offline copy cleared. Reload the page while online to save the portal again.');
  };

  return (
    <Page name="cache" title="Offline cache">
      <p className="page-lead">
        Once you have opened the portal, it is saved in your browser: the bundled games and the game list keep working with no
        connection. Streak claims, purchases and chat messages made offline are sent when you are back online.
        {info !== undefined && (
          <>
            {' '}
            <a href={info} rel="noopener">
              More about offline caching
            </a>
          </>
        )}
      </p>

      {state === null || apps === null ? (
        // Both reads are this device's own and quick; until they answer, one placeholder where the
        // sections go. Shown section by section, each arriving pushed the next down (CLS 0.49 at 412 px).
        <Skeleton height="24rem" radius="var(--radius-lg)" />
      ) : (
        <>
          <section className="storage-meter" aria-labelledby="cache-space" data-testid="storage-estimate">
            <h2 id="cache-space">Space on this device</h2>
            {usage === null ? (
              <p>This browser does not say how much space the portal uses.</p>
            ) : (
              <>
                <p>
                  The portal uses <strong>{formatBytes(usage)}</strong>
                  {quota !== null && (
                    <>
                      {' '}
                      of about <strong>{formatBytes(quota)}</strong> the browser allows ({formatBytes(Math.max(quota - usage, 0))} free)
                    </>
                  )}
                  .
                </p>
                {quota !== null && quota > 0 && <progress max={quota} value={usage} aria-label="Storage used" />}
              </>
            )}
          </section>

          <section className="util-section" aria-labelledby="cache-pack">
            <h2 id="cache-pack">Offline pack</h2>
            <p className="cm-form-hint">
              Games that come with the portal are always kept offline. Tick another game to keep it too: this works when its website
              lets other sites save a copy, and when the game is a single page with its pictures, sounds and scripts inside it. A game
              made of several files, or one that loads more while you play, cannot be kept yet; the portal checks when you tick it. A
              kept game plays from the copy on this device, online and offline, in the same locked-down frame as on its website.
            </p>
            <ul className="offline-list" data-testid="offline-pack">
              {[...apps]
                .sort((a, b) => Number(b.bundled) - Number(a.bundled) || a.title.localeCompare(b.title))
                .map((app) => (
                  <GameRow key={app.id} app={app} state={state} keep={cache.keep} />
                ))}
            </ul>
          </section>

          <section className="util-section" aria-labelledby="cache-clear">
            <h2 id="cache-clear">Start over</h2>
            <p>
              Clearing the cache deletes the saved copy of the portal and its games. Your account, your progress and anything waiting
              to be sent stay on the device.
            </p>
            <button type="button" className="button" onClick={() => void clear()} data-testid="clear-caches">
              Clear offline cache
            </button>
          </section>
        </>
      )}
    </Page>
  );
}
