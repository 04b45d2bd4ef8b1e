import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';
import { clashes, isPuzzle, newPuzzle, peers, solveScore, solved } from './rules.ts';

const gridEl = document.getElementById('game');
const stage = document.getElementById('stage');
const digitsEl = document.getElementById('digits');
const scoreEl = document.getElementById('score');
const timeEl = document.getElementById('time');
const bestEl = document.getElementById('best');
const select = document.getElementById('difficulty');
const notesButton = document.getElementById('notes');
const over = document.getElementById('over');

let puzzle, values, notes, state, cursor = 40, pencil = false, hints = 0, elapsedMs = 0, startedAt = 0, timer = null, best = 0, loaded = false;
// For the achievements: whether this puzzle had a pencil mark, and the puzzles solved on this device.
let marked = false;
let solvedEver = 0;
const cells = [];

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save keeps the best score and the puzzle under way: digits, pencil marks, hints and time.
function persist() {
  if (!loaded) return;
  const game = state === 'over' ? null : { ...puzzle, values, notes: notes.map((set) => [...set].join('')), hints, elapsedMs: Math.round(elapsed()) };
  void sdk.save({ best, game, solved: solvedEver });
}

for (let i = 0; i < 81; i += 1) {
  const cell = document.createElement('button');
  cell.type = 'button';
  cell.className = 'cell';
  cell.tabIndex = -1;
  cell.setAttribute('role', 'gridcell');
  cell.addEventListener('click', () => {
    cursor = i;
    render();
  });
  gridEl.append(cell);
  cells.push(cell);
}
for (const d of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.digit = d;
  b.textContent = d === '0' ? '⌫' : d;
  b.setAttribute('aria-label', d === '0' ? 'Clear' : `Digit ${d}`);
  b.addEventListener('click', () => enter(d));
  digitsEl.append(b);
}

const elapsed = () => elapsedMs + (timer ? performance.now() - startedAt : 0);
const clock = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;

function startClock() {
  if (timer || state !== 'playing') return;
  startedAt = performance.now();
  timer = setInterval(() => {
    timeEl.textContent = clock(elapsed());
  }, 500);
}

function stopClock() {
  if (!timer) return;
  elapsedMs += performance.now() - startedAt;
  clearInterval(timer);
  timer = null;
}

function render() {
  const bad = clashes(values);
  const near = new Set(peers(cursor));
  const digit = values[cursor];
  cells.forEach((cell, i) => {
    const given = puzzle.puzzle[i] !== '-';
    const v = values[i];
    cell.className = ['cell', given ? 'given' : '', near.has(i) ? 'peer' : '', v !== '-' && v === digit && i !== cursor ? 'same' : '', i === cursor ? 'cursor' : '', !given && bad.has(i) ? 'clash' : ''].join(' ');
    if (v !== '-') cell.textContent = v;
    else cell.innerHTML = notes[i].size ? `<span class="marks">${[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `<span>${notes[i].has(String(n)) ? n : ''}</span>`).join('')}</span>` : '';
    cell.setAttribute('aria-label', `Row ${Math.floor(i / 9) + 1}, column ${(i % 9) + 1}: ${v === '-' ? 'empty' : v}${given ? ', given' : ''}`);
  });
  for (const b of digitsEl.children) {
    const d = b.dataset.digit;
    b.classList.toggle('done', d !== '0' && [...values].filter((v) => v === d).length >= 9);
  }
  timeEl.textContent = clock(elapsed());
  scoreEl.textContent = String(state === 'over' ? solveScore(puzzle.difficulty, elapsed() / 1000, hints) : 0);
  bestEl.textContent = String(best);
  gridEl.dataset.values = values;
  gridEl.dataset.solution = puzzle.solution;
}

function reset(saved = null) {
  stopClock();
  puzzle = saved ? { puzzle: saved.puzzle, solution: saved.solution, difficulty: saved.difficulty } : newPuzzle(select.value);
  select.value = puzzle.difficulty;
  values = saved ? saved.values : puzzle.puzzle;
  notes = saved ? saved.notes.map((s) => new Set(s)) : Array.from({ length: 81 }, () => new Set());
  hints = saved ? saved.hints : 0;
  marked = notes.some((set) => set.size > 0);
  elapsedMs = saved ? saved.elapsedMs : 0;
  cursor = values.indexOf('-');
  over.hidden = true;
  setState(saved ? 'playing' : 'ready');
  startClock();
  render();
  persist();
}

function setValue(i, v) {
  values = values.slice(0, i) + v + values.slice(i + 1);
}

function enter(d) {
  if (state === 'over' || puzzle.puzzle[cursor] !== '-') return;
  if (state !== 'playing') {
    setState('playing');
    startClock();
  }
  if (d === '0') {
    setValue(cursor, '-');
    notes[cursor].clear();
  } else if (pencil) {
    if (values[cursor] !== '-') return;
    if (notes[cursor].has(d)) notes[cursor].delete(d);
    else notes[cursor].add(d);
    marked = true;
  } else {
    setValue(cursor, values[cursor] === d ? '-' : d);
    notes[cursor].clear();
    if (values[cursor] !== '-') {
      // A digit placed rubs out the same pencil mark in its row, column and box.
      for (const j of peers(cursor)) notes[j].delete(d);
      play(clashes(values).has(cursor) ? 'bad' : 'move');
    }
  }
  render();
  if (solved(values, puzzle.solution)) finish();
  else persist();
}

function hint() {
  if (state === 'over') return;
  let i = cursor;
  if (puzzle.puzzle[i] !== '-' || values[i] === puzzle.solution[i]) {
    i = [...values].findIndex((v, k) => v !== puzzle.solution[k]);
    if (i === -1) return;
  }
  if (state !== 'playing') {
    setState('playing');
    startClock();
  }
  hints += 1;
  cursor = i;
  setValue(i, puzzle.solution[i]);
  notes[i].clear();
  render();
  if (solved(values, puzzle.solution)) finish();
  else persist();
}

// The achievements of achievements.ts. A solve is a run of its own (its score closes it); it goes to
// the server before the unlock that counts it (the outbox keeps the order).
function earned() {
  solvedEver += 1;
  void sdk.stats.report('solved', 1);
  void sdk.achievements.unlock('first-solve');
  if (puzzle.difficulty === 'hard') void sdk.achievements.unlock('hard-solve');
  if (puzzle.difficulty === 'expert') void sdk.achievements.unlock('expert-solve');
  if (!marked) void sdk.achievements.unlock('no-marks');
  if (solvedEver >= 20) void sdk.achievements.unlock('solved-20');
}

function finish() {
  earned();
  stopClock();
  setState('over');
  const score = solveScore(puzzle.difficulty, elapsed() / 1000, hints);
  if (score > best) best = score;
  render();
  persist();
  document.getElementById('over-title').textContent = `Solved! ${score}`;
  document.getElementById('over-detail').textContent = `${puzzle.difficulty} in ${clock(elapsed())}${hints ? ` with ${hints} ${hints === 1 ? 'hint' : 'hints'}` : ''}.`;
  over.hidden = false;
  document.getElementById('again').focus();
  play('win');
  void sdk.score(score, { title: `Sudoku (${puzzle.difficulty})` });
}

function togglePencil() {
  pencil = !pencil;
  notesButton.setAttribute('aria-pressed', String(pencil));
  notesButton.textContent = `Pencil: ${pencil ? 'on' : 'off'}`;
}

window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLSelectElement) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -9, ArrowDown: 9 };
  if (event.code in moves) {
    const step = moves[event.code];
    const col = cursor % 9;
    if ((step === -1 && col === 0) || (step === 1 && col === 8) || cursor + step < 0 || cursor + step > 80) return;
    cursor += step;
    render();
  } else if (/^(Digit|Numpad)[1-9]$/.test(event.code)) enter(event.code.slice(-1));
  else if (event.code === 'Backspace' || event.code === 'Delete' || event.code === 'Digit0') enter('0');
  else if (event.code === 'KeyN') togglePencil();
  else if (event.code === 'Enter' && state === 'over') reset();
  else return;
  event.preventDefault();
});
notesButton.addEventListener('click', togglePencil);
document.getElementById('hint').addEventListener('click', hint);
document.getElementById('restart').addEventListener('click', (event) => {
  event.currentTarget.blur();
  reset();
});
document.getElementById('again').addEventListener('click', () => reset());
select.addEventListener('change', () => {
  select.blur();
  reset();
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden && state === 'playing') {
    stopClock();
    setState('paused');
    persist();
  } else if (!document.hidden && state === 'paused') {
    setState('playing');
    startClock();
  }
});

function fit() {
  stage.dataset.fitted = '';
  const box = stage.getBoundingClientRect();
  const cell = Math.max(24, Math.min(52, Math.floor((Math.min(box.width, box.height - 60) - 16) / 9)));
  gridEl.style.setProperty('--cell', `${cell}px`);
}

soundButton(document.getElementById('sound'));
reset();
new ResizeObserver(fit).observe(stage);
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
if (saved && Number.isInteger(saved.solved) && saved.solved >= 0) solvedEver = saved.solved;
loaded = true;
const game = saved?.game;
const validGame = game && isPuzzle(game) && typeof game.values === 'string' && /^[1-9-]{81}$/.test(game.values)
  && [...game.puzzle].every((c, i) => c === '-' || game.values[i] === c) && Array.isArray(game.notes) && game.notes.length === 81
  && game.notes.every((s) => typeof s === 'string' && /^[1-9]*$/.test(s)) && Number.isInteger(game.hints) && game.hints >= 0
  && Number.isFinite(game.elapsedMs) && game.elapsedMs >= 0;
if (validGame && state === 'ready' && !solved(game.values, game.solution)) reset(game);
else {
  render();
  persist();
}
