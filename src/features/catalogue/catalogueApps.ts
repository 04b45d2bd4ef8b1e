import { useCatalogue } from './useCatalogue.ts';

/** What the catalogue pages use of an app: the fields the server's apps rows and the backup list share. */
export interface CatalogueApp {
  id: string;
  title: string;
  category: string;
  description: string;
  thumbnail: string | null;
  url: string;
  bundled: boolean;
}

/** The app list for the catalogue pages, ordered by title: null while nothing is known yet. */
export function useCatalogueApps(): CatalogueApp[] | null {
  const { apps, loading } = useCatalogue();
  return loading ? null : apps;
}
