// The order of game titles wherever a list of them is shown: English, ignoring case and accents.
// One collator for every comparison: `localeCompare` with options builds a collator per call, which
// sorting the list on a phone-speed CPU measured at 40 ms for 14 titles before the first paint of the list.
const collator = new Intl.Collator('en', { sensitivity: 'base' });

export function byTitle(a: { title: string }, b: { title: string }): number {
  return collator.compare(a.title, b.title);
}
