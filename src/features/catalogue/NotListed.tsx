import { findAppByTitle } from '../../domain/findApp.ts';
import { notListedText } from '../../domain/notListed.ts';
import { useRetiredApps } from '../../state/useCatalogue.ts';

/** Said on a game's page when the list has no game of that title: retired, or not there (yet). */
export function NotListed({ title }: { title: string }) {
  const retired = findAppByTitle(useRetiredApps(), title);
  return <p className="page-lead">{notListedText(retired)}</p>;
}
