// The frame every bundled badge is drawn in: a coloured disc with a white drawing of 24 x 24 units on it,
// so each game's achievements file holds only what is its own (a colour and a few shapes).

/** A white outline shape: a path's d. */
export const line = (d: string): string =>
  `<path d="${d}" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;
/** A white filled shape: a path's d. */
export const solid = (d: string): string => `<path d="${d}" fill="#fff"/>`;
export const dot = (cx: number, cy: number, r: number): string => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff"/>`;

export function badge(colour: string, ...shapes: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="${colour}"/>${shapes.join('')}</svg>`;
}

// Shapes more than one game draws.
export const STAR = solid('M12 4l2.4 5 5.4.6-4 3.7 1.1 5.3L12 16l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6z');
export const TROPHY = line('M8 5h8v4a4 4 0 0 1-8 0zM8 7H5a3 3 0 0 0 3 4M16 7h3a3 3 0 0 1-3 4M12 13v3M9 19h6M10 16h4');
export const QUESTION = line('M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17v.5');
export const CLOCK = line('M12 5a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM12 8v4l3 2');
export const BOLT = solid('M13 3L6 13h5l-1 8 7-10h-5z');
export const MOUNTAIN = line('M3 18l6-9 4 5 3-3 5 7z');
