type Name = string | null | undefined;

/** '/' + the name lowercased with each whitespace run turned into one hyphen: ' Cool  Math ' -> '/cool-math'. */
export function toSlug(name: Name): string {
  return '/' + (name ?? '').trim().toLowerCase().replace(/\s+/g, '-');
}

/** The class page of an app; the title is encoded so '/', '?', '#' and spaces cannot break the route. */
export function classPath(name: Name): string {
  return '/class/' + encodeURIComponent(name ?? '');
}

/** Names stored with dashes for URLs are shown with spaces: 'slope-3' -> 'slope 3'. */
export function dashesToSpaces(name: Name): string {
  return (name ?? '').replaceAll('-', ' ');
}
