// "Play next" (the player's) reads the ranking through this name; the catalogue's door holds the hook.
export { usePopularApps } from '../../state/useCatalogue.ts';
