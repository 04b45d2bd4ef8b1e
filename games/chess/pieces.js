// The pieces drawn as SVG (no chess glyphs: many school machines lack a font with them).
const SHAPES = {
  p: '<circle cx="50" cy="34" r="13"/><path d="M38 50h24l6 26H32z"/><rect x="26" y="76" width="48" height="10" rx="4"/>',
  r: '<path d="M30 20h9v8h6v-8h10v8h6v-8h9v18l-6 5v30H36V43l-6-5z"/><rect x="24" y="76" width="52" height="10" rx="4"/>',
  n: '<path d="M36 76c0-16 10-22 12-34l-12 8-8-8 18-22c12-2 26 6 28 26 2 14-2 22-2 30z"/><circle cx="48" cy="34" r="3" class="eye"/><rect x="26" y="76" width="52" height="10" rx="4"/>',
  b: '<circle cx="50" cy="16" r="6"/><path d="M50 22c-14 10-18 24-12 34h24c6-10 2-24-12-34z"/><path d="M52 30l-8 12" class="cut"/><path d="M38 58h24l4 18H34z"/><rect x="26" y="76" width="48" height="10" rx="4"/>',
  q: '<circle cx="22" cy="26" r="6"/><circle cx="36" cy="18" r="6"/><circle cx="50" cy="14" r="6"/><circle cx="64" cy="18" r="6"/><circle cx="78" cy="26" r="6"/><path d="M22 32l10 40h36l10-40-14 18-14-26-14 26z"/><rect x="26" y="74" width="48" height="12" rx="4"/>',
  k: '<path d="M46 8h8v8h8v8h-8v8h-8v-8h-8v-8h8z"/><path d="M50 34c-22 0-30 14-22 38h44c8-24 0-38-22-38z"/><rect x="26" y="74" width="48" height="12" rx="4"/>',
};

export function pieceSvg(type, color) {
  return `<svg viewBox="0 0 100 100" class="piece ${color === 'w' ? 'white' : 'black'}" aria-hidden="true">${SHAPES[type]}</svg>`;
}

export const NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
