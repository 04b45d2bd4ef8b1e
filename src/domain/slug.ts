type Name = string | null | undefined;

/** '/' + the name lowercased with each whitespace run turned into one hyphen: ' Cool  Math ' -> '/cool-math'. */
export function toSlug(name: Name): string {
  return '/' + (name ?? '').trim().toLowerCase().replace(/\s+/g, '-');
}

/** What apps.slug holds (the table checks the same): a-z and 0-9 with single hyphens between them. */
const SLUG_FORMAT = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The readable last segment of a game's page: its slug, without the '/' the bundled list writes, or
 * the spec's slug of its title where a row carries no usable slug.
 */
export function appSlug(app: { slug?: string | null; title: string }): string {
  const given = (app.slug ?? '').replace(/^\//, '');
  return SLUG_FORMAT.test(given) ? given : toSlug(app.title).slice(1);
}

/** The page of a catalogue entry: '/class/flappy-hollow'. */
export function gamePath(app: { slug?: string | null; title: string }): string {
  return '/class/' + encodeURIComponent(appSlug(app));
}

/**
 * The class page of a game known only by its name: the slug of the name ('Flappy Hollow' ->
 * '/class/flappy-hollow'), encoded so '/', '?' and '#' cannot break the route. Where an operator gave
 * the game another slug, its page finds it by title and moves to the readable address.
 */
export function classPath(name: Name): string {
  return '/class/' + encodeURIComponent(toSlug(name).slice(1));
}

/** Names stored with dashes for URLs are shown with spaces: 'slope-3' -> 'slope 3'. */
export function dashesToSpaces(name: Name): string {
  return (name ?? '').replaceAll('-', ' ');
}
