import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';

const LEVELS = {
  easy: { cols: 9, rows: 9, mines: 10, winBonus: 500, par: 300 },
  medium: { cols: 16, rows: 16, mines: 40, winBonus: 2000, par: 900 },
};
const POINTS_PER_CELL = 10;
const LONG_PRESS_MS = 420;
const MINE_SVG =
  '<svg viewBox="0 0 20 20" aria-hidden="true"><g stroke="#0f172a" stroke-width="2" stroke-linecap="round"><path d="M10 1.5v17M1.5 10h17M4 4l12 12M16 4 4 16"/></g><circle cx="10" cy="10" r="5.5" fill="#0f172a"/><circle cx="8" cy="8" r="1.6" fill="#fff"/></svg>';
const FLAG_SVG =
  '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M6 2.5v15" stroke="#0f172a" stroke-width="2" stroke-linecap="round"/><path d="M7 3l9 3.5L7 10z" fill="#dc2626"/><path d="M3.5 17.5h7" stroke="#0f172a" stroke-width="2" stroke-linecap="round"/></svg>';

const board = document.getElementById('game');
const stage = document.getElementById('stage');
const levelSelect = document.getElementById('level');
const flagButton = document.getElementById('flag-mode');
const scoreEl = document.getElementById('score');
const minesEl = document.getElementById('mines');
const timeEl = document.getElementById('time');
const bestEl = document.getElementById('best');
const announce = document.getElementById('announce');

let level, cells, buttons, state, flagMode = false, revealedSafe, flags, elapsedMs, startedAt, timer, best = 0, cursor;
let loaded = false;
// Boards cleared in every game on this device, for the long-haul achievement (the server counts its own).
let wins = 0;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

const index = (x, y) => y * level.cols + x;

function neighbours(i) {
  const x = i % level.cols;
  const y = Math.floor(i / level.cols);
  const out = [];
  for (let dy = -1; dy <= 1; dy += 1) {
    for (let dx = -1; dx <= 1; dx += 1) {
      const nx = x + dx;
      const ny = y + dy;
      if ((dx || dy) && nx >= 0 && ny >= 0 && nx < level.cols && ny < level.rows) out.push(index(nx, ny));
    }
  }
  return out;
}

// A game under way is saved on every move (each cell one digit: mine 4, open 2, flag 1), so the
// student finds the same field after a reload, the clock where it stopped.
function persist() {
  if (!loaded) return;
  const started = state === 'playing' || state === 'paused';
  const game = started
    ? { level: levelSelect.value, cells: cells.map((c) => (c.mine ? 4 : 0) + (c.open ? 2 : 0) + (c.flag ? 1 : 0)).join(''), elapsedMs: Math.round(seconds() * 1000) }
    : null;
  void sdk.save({ best, game, wins });
}

function validGame(game) {
  const size = LEVELS[game?.level];
  return Boolean(size && typeof game.cells === 'string' && game.cells.length === size.cols * size.rows && /^[0-7]+$/.test(game.cells)
    && [...game.cells].filter((c) => Number(c) & 4).length === size.mines && Number.isFinite(game.elapsedMs) && game.elapsedMs >= 0);
}

function reset(saved = null) {
  if (saved) levelSelect.value = saved.level;
  level = LEVELS[levelSelect.value] ?? LEVELS.easy;
  cells = Array.from({ length: level.cols * level.rows }, (_, i) => {
    const bits = saved ? Number(saved.cells[i]) : 0;
    return { mine: Boolean(bits & 4), n: 0, open: Boolean(bits & 2), flag: Boolean(bits & 1) };
  });
  if (saved) cells.forEach((cell, i) => { cell.n = neighbours(i).filter((j) => cells[j].mine).length; });
  revealedSafe = cells.filter((c) => c.open && !c.mine).length;
  flags = cells.filter((c) => c.flag).length;
  elapsedMs = saved ? saved.elapsedMs : 0;
  startedAt = 0;
  cursor = 0;
  stopClock();
  board.style.setProperty('--cols', String(level.cols));
  board.replaceChildren();
  buttons = cells.map((_, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'cell';
    button.dataset.i = String(i);
    button.tabIndex = i === 0 ? 0 : -1;
    button.setAttribute('role', 'gridcell');
    button.setAttribute('aria-label', 'hidden');
    board.append(button);
    return button;
  });
  if (saved) {
    cells.forEach((_, i) => paint(i));
    setState('playing');
    startClock();
  } else {
    setState('ready');
  }
  updateStats();
  fit();
}

function layMines(safe) {
  const banned = new Set([safe, ...neighbours(safe)]);
  const spots = cells.map((_, i) => i).filter((i) => !banned.has(i));
  for (let k = 0; k < level.mines; k += 1) {
    const pick = k + Math.floor(Math.random() * (spots.length - k));
    [spots[k], spots[pick]] = [spots[pick], spots[k]];
    cells[spots[k]].mine = true;
  }
  cells.forEach((cell, i) => {
    cell.n = neighbours(i).filter((j) => cells[j].mine).length;
  });
}

function startClock() {
  if (timer) return;
  startedAt = performance.now();
  timer = setInterval(() => {
    timeEl.textContent = String(Math.floor(seconds()));
  }, 250);
}

function stopClock() {
  if (timer) {
    elapsedMs += performance.now() - startedAt;
    clearInterval(timer);
    timer = null;
  }
}

function seconds() {
  return (elapsedMs + (timer ? performance.now() - startedAt : 0)) / 1000;
}

function reveal(i) {
  if (state === 'over' || state === 'paused') return;
  const cell = cells[i];
  if (cell.flag) return;
  if (state === 'ready') {
    layMines(i);
    setState('playing');
    startClock();
  }
  if (cell.open) {
    chord(i);
    return;
  }
  if (cell.mine) {
    lose(i);
    return;
  }
  flood(i);
  play('move');
  updateStats();
  if (revealedSafe === cells.length - level.mines) win();
}

function flood(start) {
  const stack = [start];
  while (stack.length) {
    const i = stack.pop();
    const cell = cells[i];
    if (cell.open || cell.flag || cell.mine) continue;
    cell.open = true;
    revealedSafe += 1;
    paint(i);
    if (cell.n === 0) stack.push(...neighbours(i));
  }
}

// Clicking a number whose flags are all placed opens the rest of its neighbours, as in the classic.
function chord(i) {
  const around = neighbours(i);
  if (around.filter((j) => cells[j].flag).length !== cells[i].n) return;
  const hit = around.find((j) => cells[j].mine && !cells[j].flag);
  if (hit !== undefined) {
    lose(hit);
    return;
  }
  for (const j of around) flood(j);
  updateStats();
  if (revealedSafe === cells.length - level.mines) win();
}

function toggleFlag(i) {
  if (state === 'over' || state === 'paused' || cells[i].open) return;
  cells[i].flag = !cells[i].flag;
  flags += cells[i].flag ? 1 : -1;
  if (cells.filter((cell) => cell.flag && cell.mine).length >= 10) void sdk.achievements.unlock('flag-ten');
  paint(i);
  updateStats();
}

function paint(i) {
  const cell = cells[i];
  const button = buttons[i];
  button.classList.toggle('revealed', cell.open);
  if (cell.open && cell.mine) {
    button.innerHTML = MINE_SVG;
    button.setAttribute('aria-label', 'mine');
  } else if (cell.open) {
    button.textContent = cell.n ? String(cell.n) : '';
    button.dataset.n = String(cell.n);
    button.setAttribute('aria-label', cell.n ? `${cell.n} mines around` : 'empty');
  } else if (cell.flag) {
    button.innerHTML = FLAG_SVG;
    button.setAttribute('aria-label', 'flagged');
  } else {
    button.textContent = '';
    button.setAttribute('aria-label', 'hidden');
  }
}

function currentScore(won) {
  let score = revealedSafe * POINTS_PER_CELL;
  if (won) score += level.winBonus + Math.max(0, Math.round(level.par - seconds())) * 5;
  return score;
}

function updateStats() {
  scoreEl.textContent = String(currentScore(false));
  minesEl.textContent = String(level.mines - flags);
  timeEl.textContent = String(Math.floor(seconds()));
  persist();
}

function lose(i) {
  cells.forEach((cell, j) => {
    if (cell.mine && !cell.flag) {
      cell.open = true;
      paint(j);
    }
  });
  buttons[i].classList.add('boom');
  finish(false);
}

function win() {
  cells.forEach((cell, j) => {
    if (cell.mine && !cell.flag) {
      cell.flag = true;
      paint(j);
    }
  });
  flags = level.mines;
  finish(true);
}

// The achievements of achievements.ts. Each board is a run of its own (its score closes it), so a
// cleared board reports 1 win, which the server adds to the student's; the stat goes before the unlock.
function earned(won) {
  if (!won) {
    void sdk.achievements.unlock('first-click-boom');
    return;
  }
  wins += 1;
  void sdk.stats.report('wins', 1);
  void sdk.achievements.unlock('first-win');
  if (seconds() < 60) void sdk.achievements.unlock('fast-clear');
  if (wins >= 25) void sdk.achievements.unlock('wins-25');
}

function finish(won) {
  earned(won);
  stopClock();
  setState('over');
  const score = currentScore(won);
  updateStats();
  scoreEl.textContent = String(score);
  announce.textContent = won ? `Cleared in ${Math.floor(seconds())} seconds! Score ${score}.` : `Boom. Score ${score}.`;
  if (score > best) {
    best = score;
    bestEl.textContent = String(best);
  }
  persist();
  play(won ? 'win' : 'over');
  void sdk.score(score, { title: won ? 'Minesweeper · cleared' : 'Minesweeper' });
}

function fit() {
  if (!level) return;
  stage.dataset.fitted = '';
  const box = stage.getBoundingClientRect();
  const chrome = 12 + 24;
  const size = Math.min((box.width - chrome) / level.cols, (box.height - chrome) / level.rows) - 2;
  board.style.setProperty('--cell', `${Math.max(16, Math.min(44, Math.floor(size)))}px`);
}

function moveCursor(dx, dy) {
  const x = Math.min(level.cols - 1, Math.max(0, (cursor % level.cols) + dx));
  const y = Math.min(level.rows - 1, Math.max(0, Math.floor(cursor / level.cols) + dy));
  focusCell(index(x, y));
}

function focusCell(i) {
  buttons[cursor].tabIndex = -1;
  cursor = i;
  buttons[i].tabIndex = 0;
  buttons[i].focus();
}

// Keep the keyboard cursor on whichever cell has focus, however it got there (Tab, a click, a screen reader).
board.addEventListener('focusin', (event) => {
  const button = event.target.closest('.cell');
  if (button && Number(button.dataset.i) !== cursor) focusCell(Number(button.dataset.i));
});

let pressTimer = null;
let longPressed = false;
board.addEventListener('pointerdown', (event) => {
  const button = event.target.closest('.cell');
  if (!button || event.button !== 0) return;
  longPressed = false;
  clearTimeout(pressTimer);
  pressTimer = setTimeout(() => {
    longPressed = true;
    toggleFlag(Number(button.dataset.i));
  }, LONG_PRESS_MS);
});
for (const type of ['pointerup', 'pointerleave', 'pointercancel']) {
  board.addEventListener(type, () => clearTimeout(pressTimer));
}
board.addEventListener('click', (event) => {
  const button = event.target.closest('.cell');
  if (!button) return;
  const i = Number(button.dataset.i);
  focusCell(i);
  if (longPressed) {
    longPressed = false;
    return;
  }
  if (flagMode && !cells[i].open) toggleFlag(i);
  else reveal(i);
});
board.addEventListener('contextmenu', (event) => {
  const button = event.target.closest('.cell');
  if (!button) return;
  event.preventDefault();
  if (!longPressed) toggleFlag(Number(button.dataset.i));
});
board.addEventListener('keydown', (event) => {
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const delta = moves[event.code];
  if (delta) {
    event.preventDefault();
    moveCursor(delta[0], delta[1]);
  } else if (event.code === 'Space' || event.code === 'Enter') {
    event.preventDefault();
    reveal(cursor);
  } else if (event.code === 'KeyF') {
    event.preventDefault();
    toggleFlag(cursor);
  }
});
window.addEventListener('keydown', (event) => {
  if (event.code === 'KeyR' && state === 'over') reset();
  else if (event.target === document.body && event.code.startsWith('Arrow')) {
    event.preventDefault();
    focusCell(cursor);
  }
});
flagButton.addEventListener('click', () => {
  flagMode = !flagMode;
  flagButton.setAttribute('aria-pressed', String(flagMode));
  flagButton.textContent = `Flag mode: ${flagMode ? 'on' : 'off'}`;
});
levelSelect.addEventListener('change', () => reset());
document.getElementById('restart').addEventListener('click', () => reset());
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
if (saved && Number.isInteger(saved.wins) && saved.wins >= 0) wins = saved.wins;
bestEl.textContent = String(best);
loaded = true;
if (saved && validGame(saved.game) && state === 'ready') reset(saved.game);
else persist();
