import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';

const N = 4;
const VECTORS = {
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
};
const KEYS = {
  ArrowLeft: 'left', KeyA: 'left',
  ArrowRight: 'right', KeyD: 'right',
  ArrowUp: 'up', KeyW: 'up',
  ArrowDown: 'down', KeyS: 'down',
};

const board = document.getElementById('game');
const stage = document.getElementById('stage');
const cellsEl = board.querySelector('.cells');
const tilesEl = board.querySelector('.tiles');
const overlay = document.getElementById('overlay');
const overlayTitle = document.getElementById('overlay-title');
const overlayButton = document.getElementById('overlay-button');
const overlayDetail = document.getElementById('overlay-detail');
const scoreEl = document.getElementById('score');
const bestEl = document.getElementById('best');
const announce = document.getElementById('announce');
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

const elements = new Map();
let grid, score, best = 0, moves, won, state, nextId = 1;
let loaded = false;
// Whether this board went on from a save: its tiles then hold play from before the portal's clock of the run.
let restored = false;
let geometry = { cell: 70, gap: 10 };

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

const at = (x, y) => grid[y * N + x];
const put = (x, y, tile) => {
  grid[y * N + x] = tile;
};
const inside = (x, y) => x >= 0 && y >= 0 && x < N && y < N;

function reset() {
  grid = new Array(N * N).fill(null);
  restored = false;
  score = 0;
  moves = 0;
  won = false;
  for (const el of elements.values()) el.remove();
  elements.clear();
  overlay.hidden = true;
  spawn();
  spawn();
  setState('playing');
  updateScore();
  render([]);
}

function spawn() {
  const free = [];
  for (let i = 0; i < N * N; i += 1) if (!grid[i]) free.push(i);
  if (!free.length) return;
  const i = free[Math.floor(Math.random() * free.length)];
  grid[i] = { id: nextId++, value: Math.random() < 0.9 ? 2 : 4, x: i % N, y: Math.floor(i / N), fresh: true };
}

function move(direction) {
  if (state !== 'playing' || !overlay.hidden) return;
  const v = VECTORS[direction];
  const xs = [0, 1, 2, 3];
  const ys = [0, 1, 2, 3];
  if (v.x === 1) xs.reverse();
  if (v.y === 1) ys.reverse();
  for (const tile of grid) {
    if (tile) {
      tile.fresh = false;
      tile.mergedFrom = null;
    }
  }
  const consumed = [];
  let moved = false;
  for (const y of ys) {
    for (const x of xs) {
      const tile = at(x, y);
      if (!tile) continue;
      let fx = x;
      let fy = y;
      while (inside(fx + v.x, fy + v.y) && !at(fx + v.x, fy + v.y)) {
        fx += v.x;
        fy += v.y;
      }
      const nx = fx + v.x;
      const ny = fy + v.y;
      const other = inside(nx, ny) ? at(nx, ny) : null;
      put(x, y, null);
      if (other && other.value === tile.value && !other.mergedFrom) {
        const merged = { id: nextId++, value: tile.value * 2, x: nx, y: ny, mergedFrom: [tile, other] };
        tile.x = nx;
        tile.y = ny;
        put(nx, ny, merged);
        consumed.push(tile, other);
        score += merged.value;
        moved = true;
      } else {
        put(fx, fy, tile);
        if (fx !== x || fy !== y) moved = true;
        tile.x = fx;
        tile.y = fy;
      }
    }
  }
  if (!moved) return;
  moves += 1;
  spawn();
  updateScore();
  render(consumed);
  play('move');
  earned();
  if (!won && grid.some((t) => t && t.value >= 2048)) {
    won = true;
    play('win');
    showOverlay('You made 2048!', 'Keep going', `Score ${score}`);
  } else if (!canMove()) {
    gameOver();
  }
}

// The achievements of achievements.ts. The largest tile goes to the server before the unlock it
// earns (the outbox keeps the order). A board that went on from a save already held its tiles when
// its run began, more than the server's pace lets a run grow, so only a board begun in this run reports.
const TILE_ACHIEVEMENTS = [[128, 'first-128'], [512, 'tile-512'], [2048, 'tile-2048'], [4096, 'tile-4096']];

function earned() {
  if (grid.every((tile) => tile !== null) && canMove()) void sdk.achievements.unlock('no-undo-corner');
  if (restored) return;
  const largest = Math.max(...grid.map((tile) => (tile ? tile.value : 0)));
  for (const [value, id] of TILE_ACHIEVEMENTS) {
    if (largest < value) break;
    void sdk.stats.report('best_tile', largest);
    void sdk.achievements.unlock(id);
  }
}

function canMove() {
  for (let y = 0; y < N; y += 1) {
    for (let x = 0; x < N; x += 1) {
      const tile = at(x, y);
      if (!tile) return true;
      if (x + 1 < N && at(x + 1, y)?.value === tile.value) return true;
      if (y + 1 < N && at(x, y + 1)?.value === tile.value) return true;
    }
  }
  return false;
}

function gameOver() {
  setState('over');
  persist();
  play('over');
  showOverlay('Game over', 'Try again', `Score ${score} in ${moves} moves`);
  announce.textContent = `Game over. Score ${score}.`;
  void sdk.score(score);
}

function showOverlay(title, action, detail) {
  overlayTitle.textContent = title;
  overlayDetail.textContent = detail;
  overlayButton.textContent = action;
  overlay.hidden = false;
  overlayButton.focus();
}

function updateScore() {
  scoreEl.textContent = String(score);
  if (score > best) {
    best = score;
    bestEl.textContent = String(best);
  }
  persist();
}

// Every move is saved with the best score, so the student continues the same board after a reload.
function persist() {
  if (!loaded) return;
  const game = state === 'over' ? null : { cells: grid.map((t) => (t ? t.value : 0)), score, moves, won };
  void sdk.save({ best, game });
}

function validGame(game) {
  return Boolean(game && Array.isArray(game.cells) && game.cells.length === N * N
    && game.cells.every((v) => v === 0 || (Number.isInteger(v) && v >= 2 && (v & (v - 1)) === 0))
    && Number.isInteger(game.score) && game.score >= 0 && Number.isInteger(game.moves) && game.moves >= 0);
}

function restore(game) {
  for (const el of elements.values()) el.remove();
  elements.clear();
  grid = game.cells.map((value, i) => (value ? { id: nextId++, value, x: i % N, y: Math.floor(i / N), fresh: true } : null));
  restored = true;
  score = game.score;
  moves = game.moves;
  won = Boolean(game.won);
  overlay.hidden = true;
  setState('playing');
  updateScore();
  render([]);
  if (!canMove()) gameOver();
}

function place(el, x, y) {
  const { cell, gap } = geometry;
  el.style.transform = `translate(${gap + x * (cell + gap)}px, ${gap + y * (cell + gap)}px)`;
}

function fontSize(value) {
  const digits = String(value).length;
  const ratio = digits <= 2 ? 0.46 : digits === 3 ? 0.38 : digits === 4 ? 0.3 : 0.24;
  return `${Math.round(geometry.cell * ratio)}px`;
}

function makeTile(tile) {
  const el = document.createElement('div');
  el.className = 'tile';
  if (tile.fresh) el.classList.add('new');
  if (tile.mergedFrom) el.classList.add('merged');
  if (tile.value > 2048) el.classList.add('big');
  el.dataset.value = String(tile.value);
  el.textContent = String(tile.value);
  el.style.fontSize = fontSize(tile.value);
  place(el, tile.x, tile.y);
  return el;
}

function render(consumed) {
  const live = new Set();
  for (const tile of grid) {
    if (!tile) continue;
    live.add(tile.id);
    let el = elements.get(tile.id);
    if (!el) {
      el = makeTile(tile);
      elements.set(tile.id, el);
      tilesEl.append(el);
    } else {
      place(el, tile.x, tile.y);
    }
  }
  // Merged tiles slide into their partner before they vanish, unless motion is reduced.
  for (const tile of consumed) {
    const el = elements.get(tile.id);
    if (!el) continue;
    elements.delete(tile.id);
    place(el, tile.x, tile.y);
    el.style.zIndex = '0';
    if (reducedMotion.matches) el.remove();
    else setTimeout(() => el.remove(), 110);
  }
  for (const [id, el] of elements) {
    if (!live.has(id)) {
      el.remove();
      elements.delete(id);
    }
  }
  board.dataset.cells = grid.map((t) => (t ? t.value : 0)).join(',');
  board.dataset.moves = String(moves);
}

function fit() {
  stage.dataset.fitted = '';
  const box = stage.getBoundingClientRect();
  const side = Math.max(200, Math.min(560, Math.floor(Math.min(box.width, box.height) - 24)));
  const gap = Math.max(6, Math.round(side * 0.03));
  const cell = (side - gap * (N + 1)) / N;
  geometry = { cell, gap };
  board.style.setProperty('--board', `${side}px`);
  board.style.setProperty('--cell', `${cell}px`);
  if (!cellsEl.childElementCount) {
    for (let i = 0; i < N * N; i += 1) cellsEl.append(document.createElement('div'));
  }
  [...cellsEl.children].forEach((el, i) => place(el, i % N, Math.floor(i / N)));
  for (const tile of grid) {
    const el = tile && elements.get(tile.id);
    if (el) {
      place(el, tile.x, tile.y);
      el.style.fontSize = fontSize(tile.value);
    }
  }
}

window.addEventListener('keydown', (event) => {
  const direction = KEYS[event.code];
  if (direction) {
    event.preventDefault();
    move(direction);
  } else if ((event.code === 'Enter' || event.code === 'KeyR') && state === 'over') {
    event.preventDefault();
    reset();
  }
});

let swipe = null;
board.addEventListener('pointerdown', (event) => {
  if (event.target.closest('button')) return;
  board.focus();
  swipe = { x: event.clientX, y: event.clientY };
});
board.addEventListener('pointerup', (event) => {
  if (!swipe) return;
  const dx = event.clientX - swipe.x;
  const dy = event.clientY - swipe.y;
  swipe = null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < 20) return;
  if (Math.abs(dx) > Math.abs(dy)) move(dx > 0 ? 'right' : 'left');
  else move(dy > 0 ? 'down' : 'up');
});
board.addEventListener('pointercancel', () => {
  swipe = null;
});
overlayButton.addEventListener('click', () => {
  if (state === 'over') reset();
  else overlay.hidden = true;
  board.focus();
});
document.getElementById('restart').addEventListener('click', (event) => {
  reset();
  event.currentTarget.blur();
});

soundButton(document.getElementById('sound'));
sdk.onScoreRequest(() => ({ score }));
sdk.onNewGame(reset);
reset();
new ResizeObserver(fit).observe(stage);
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
bestEl.textContent = String(best);
loaded = true;
if (saved && validGame(saved.game) && moves === 0) restore(saved.game);
else persist();
