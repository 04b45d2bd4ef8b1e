import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';

const COLS = 4;
const MISMATCH_MS = 750;
const PAIR_POINTS = 100;
const COMBO_POINTS = 50;
const PAR_SECONDS = 90;

// Shapes drawn inline so the cards look the same on every machine, with no emoji or web font.
const SYMBOLS = [
  ['heart', '#ec4899', '<path d="M50 82 18 50C6 38 12 18 30 18c9 0 15 6 20 13 5-7 11-13 20-13 18 0 24 20 12 32z"/>'],
  ['star', '#f59e0b', '<path d="m50 10 11 26 28 2-21 18 7 28-25-15-25 15 7-28-21-18 28-2z"/>'],
  ['moon', '#6366f1', '<path d="M62 12a38 38 0 1 0 26 58A30 30 0 0 1 62 12z"/>'],
  ['bolt', '#eab308', '<path d="M56 8 20 56h24l-6 36 38-50H52z"/>'],
  ['leaf', '#16a34a', '<path d="M18 82C18 40 44 16 86 14c-2 42-26 68-68 68zm0 0 38-38" stroke="#fff" stroke-width="4"/>'],
  ['drop', '#0ea5e9', '<path d="M50 10C36 34 22 48 22 64a28 28 0 0 0 56 0c0-16-14-30-28-54z"/>'],
  ['diamond', '#ef4444', '<path d="M50 8 86 50 50 92 14 50z"/>'],
  ['ring', '#1e3a8a', '<circle cx="50" cy="50" r="30" fill="none" stroke-width="14" stroke="currentColor"/>'],
];

const board = document.getElementById('game');
const stage = document.getElementById('stage');
const scoreEl = document.getElementById('score');
const movesEl = document.getElementById('moves');
const timeEl = document.getElementById('time');
const bestEl = document.getElementById('best');
const done = document.getElementById('done');
const doneDetail = document.getElementById('done-detail');
const announce = document.getElementById('announce');

let loaded = false;
let deck, cards, open, pairs, moves, score, combo, state, best = 0, cursor, mismatchTimer, elapsedMs, startedAt, clock;
// Pairs matched since this board was dealt or went on from a save (this run's), and in every game on this device.
let pairsThisRun = 0;
let pairsEver = 0;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

function svg(symbol) {
  const [, color, body] = symbol;
  return `<svg viewBox="0 0 100 100" fill="${color}" style="color:${color}" aria-hidden="true">${body}</svg>`;
}

// A game under way is saved after every pair turned, so a reload deals the same cards, found pairs face up.
function persist() {
  if (!loaded) return;
  const started = state === 'playing' || state === 'paused';
  const game = started
    ? { cards: deck.map((e) => e.symbol[0]), matched: deck.map((e) => (e.matched ? 1 : 0)).join(''), moves, score, combo, elapsedMs: Math.round(seconds() * 1000) }
    : null;
  void sdk.save({ best, game, pairs: pairsEver });
}

function validGame(game) {
  if (!game || !Array.isArray(game.cards) || game.cards.length !== SYMBOLS.length * 2) return false;
  const names = SYMBOLS.map((sym) => sym[0]);
  const counts = names.map((name) => game.cards.filter((c) => c === name).length);
  return counts.every((n) => n === 2) && typeof game.matched === 'string' && /^[01]+$/.test(game.matched)
    && game.matched.length === game.cards.length && [game.moves, game.score, game.combo, game.elapsedMs].every((n) => Number.isInteger(n) && n >= 0);
}

function reset(saved = null) {
  clearTimeout(mismatchTimer);
  stopClock();
  deck = saved
    ? saved.cards.map((name, i) => ({ symbol: SYMBOLS.find((sym) => sym[0] === name), matched: saved.matched[i] === '1' }))
    : shuffle([...SYMBOLS, ...SYMBOLS].map((symbol) => ({ symbol, matched: false })));
  open = [];
  pairs = deck.filter((e) => e.matched).length / 2;
  pairsThisRun = 0;
  moves = saved ? saved.moves : 0;
  score = saved ? saved.score : 0;
  combo = saved ? saved.combo : 0;
  cursor = 0;
  elapsedMs = saved ? saved.elapsedMs : 0;
  done.hidden = true;
  board.replaceChildren();
  cards = deck.map((entry, i) => {
    const card = document.createElement('button');
    card.type = 'button';
    card.className = 'card';
    card.dataset.i = String(i);
    card.dataset.symbol = entry.symbol[0];
    card.tabIndex = i === 0 ? 0 : -1;
    card.setAttribute('aria-label', 'Face-down card');
    card.innerHTML = `<span class="inner"><span class="face back"></span><span class="face front">${svg(entry.symbol)}</span></span>`;
    if (entry.matched) {
      card.classList.add('matched');
      card.setAttribute('aria-label', `${entry.symbol[0]}, matched`);
    }
    board.append(card);
    return card;
  });
  if (saved) {
    setState('playing');
    startClock();
  } else {
    setState('ready');
  }
  updateStats();
}

function startClock() {
  if (clock) return;
  startedAt = performance.now();
  clock = setInterval(() => {
    timeEl.textContent = String(Math.floor(seconds()));
  }, 250);
}

function stopClock() {
  if (clock) {
    elapsedMs += performance.now() - startedAt;
    clearInterval(clock);
    clock = null;
  }
}

function seconds() {
  return (elapsedMs + (clock ? performance.now() - startedAt : 0)) / 1000;
}

function updateStats() {
  scoreEl.textContent = String(score);
  movesEl.textContent = String(moves);
  timeEl.textContent = String(Math.floor(seconds()));
  persist();
}

function hide(i) {
  cards[i].classList.remove('flipped');
  cards[i].setAttribute('aria-label', 'Face-down card');
}

function settleMismatch() {
  clearTimeout(mismatchTimer);
  mismatchTimer = null;
  for (const i of open) hide(i);
  open = [];
}

function flip(i) {
  if (state === 'over' || state === 'paused') return;
  if (mismatchTimer) settleMismatch();
  const entry = deck[i];
  if (entry.matched || open.includes(i)) return;
  if (state === 'ready') {
    setState('playing');
    startClock();
  }
  open.push(i);
  cards[i].classList.add('flipped');
  cards[i].setAttribute('aria-label', entry.symbol[0]);
  if (open.length < 2) return;
  moves += 1;
  const [a, b] = open;
  if (deck[a].symbol === deck[b].symbol) {
    deck[a].matched = true;
    deck[b].matched = true;
    for (const j of open) {
      cards[j].classList.replace('flipped', 'matched');
      cards[j].setAttribute('aria-label', `${deck[j].symbol[0]}, matched`);
    }
    open = [];
    score += PAIR_POINTS + combo * COMBO_POINTS;
    combo += 1;
    pairs += 1;
    matched();
    announce.textContent = `Pair of ${deck[a].symbol[0]}s.`;
    play('good');
    if (pairs === SYMBOLS.length) finish();
  } else {
    combo = 0;
    mismatchTimer = setTimeout(settleMismatch, MISMATCH_MS);
  }
  updateStats();
}

// The achievements of achievements.ts. A stat goes before the unlock that needs it (the outbox keeps the
// order). The run's pairs go at every pair, a few a board, so a board left half done still counts.
function matched() {
  pairsThisRun += 1;
  pairsEver += 1;
  void sdk.stats.report('pairs', pairsThisRun);
  void sdk.achievements.unlock('first-pair');
  if (moves === 1) void sdk.achievements.unlock('lucky-start');
  if (pairsEver >= 300) void sdk.achievements.unlock('pairs-300');
}

function finish() {
  void sdk.achievements.unlock('first-win');
  if (moves - SYMBOLS.length <= 4) void sdk.achievements.unlock('perfect');
  stopClock();
  const timeBonus = Math.max(0, Math.round(PAR_SECONDS - seconds())) * 5;
  score += timeBonus;
  setState('over');
  updateStats();
  doneDetail.textContent = `${score} points · ${moves} moves · ${Math.floor(seconds())} s`;
  done.hidden = false;
  document.getElementById('again').focus();
  if (score > best) {
    best = score;
    bestEl.textContent = String(best);
  }
  persist();
  play('win');
  void sdk.score(score);
}

function focusCard(i) {
  cards[cursor].tabIndex = -1;
  cursor = i;
  cards[i].tabIndex = 0;
  cards[i].focus();
}

function fit() {
  stage.dataset.fitted = '';
  const box = stage.getBoundingClientRect();
  const rows = Math.ceil(SYMBOLS.length * 2 / COLS);
  const gap = Math.max(6, Math.round(Math.min(box.width, box.height) * 0.02));
  const byWidth = (box.width - 24 - gap * (COLS - 1)) / COLS;
  const byHeight = ((box.height - 24 - gap * (rows - 1)) / rows) / 1.2;
  const w = Math.max(44, Math.min(130, Math.floor(Math.min(byWidth, byHeight))));
  board.style.setProperty('--card-w', `${w}px`);
  board.style.setProperty('--card-h', `${Math.round(w * 1.2)}px`);
  board.style.setProperty('--gap', `${gap}px`);
}

board.addEventListener('click', (event) => {
  const card = event.target.closest('.card');
  if (!card) return;
  const i = Number(card.dataset.i);
  focusCard(i);
  flip(i);
});
// Keep the keyboard cursor on whichever card has focus, however it got there (Tab, a click, a screen reader).
board.addEventListener('focusin', (event) => {
  const card = event.target.closest('.card');
  if (card && Number(card.dataset.i) !== cursor) focusCard(Number(card.dataset.i));
});
board.addEventListener('keydown', (event) => {
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -COLS, ArrowDown: COLS };
  const delta = moves[event.code];
  if (delta === undefined) return;
  event.preventDefault();
  const next = cursor + delta;
  if (next >= 0 && next < cards.length) focusCard(next);
});
window.addEventListener('keydown', (event) => {
  if (event.target === document.body && event.code.startsWith('Arrow')) {
    event.preventDefault();
    focusCard(cursor);
  } else if (event.code === 'KeyR' && state === 'over') {
    reset();
  }
});
document.getElementById('restart').addEventListener('click', () => reset());
document.getElementById('again').addEventListener('click', () => {
  reset();
  focusCard(0);
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden && state === 'playing') {
    stopClock();
    setState('paused');
  } else if (!document.hidden && state === 'paused') {
    setState('playing');
    startClock();
  }
});

soundButton(document.getElementById('sound'));
reset();
new ResizeObserver(fit).observe(stage);
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
if (saved && Number.isInteger(saved.pairs) && saved.pairs >= 0) pairsEver = saved.pairs;
bestEl.textContent = String(best);
loaded = true;
if (saved && validGame(saved.game) && state === 'ready') reset(saved.game);
else persist();
