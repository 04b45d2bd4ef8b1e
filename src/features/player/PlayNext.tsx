import type { AppRow } from '../../state/useCatalogue.ts';
import { playNext } from '../../domain/homeRows.ts';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { ShelfList } from '../catalogue/ShelfList.tsx';
import { usePopularApps } from '../../state/useCatalogue.ts';

/** Shown once a game is over: a few games to go on with, of the same category first. */
export function PlayNext({ app }: { app: AppRow }) {
  const apps = useCatalogueApps();
  const ranking = usePopularApps();
  if (apps === null || ranking === undefined) return null;
  const next = playNext(app, apps, ranking);
  if (next.length === 0) return null;
  return (
    <nav className="shelf play-next" aria-labelledby="play-next-heading" data-testid="play-next">
      <h2 id="play-next-heading">Play next</h2>
      <ShelfList apps={next} />
    </nav>
  );
}
