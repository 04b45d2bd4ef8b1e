import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';

const CELLS = 20;
const CELL = 20;
const SIZE = CELLS * CELL;
const START_STEP_MS = 140;
const FASTEST_STEP_MS = 70;

const DIRS = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};
const KEYS = {
  ArrowUp: 'up', KeyW: 'up',
  ArrowDown: 'down', KeyS: 'down',
  ArrowLeft: 'left', KeyA: 'left',
  ArrowRight: 'right', KeyD: 'right',
};

const canvas = document.getElementById('game');
const ctx = canvas.getContext('2d');
const stage = document.getElementById('stage');
const scoreEl = document.getElementById('score');
const bestEl = document.getElementById('best');
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

let snake, dir, queue, food, score, stepMs, state, acc, last, best, pulse;
let loaded = false;
// Whether this game went on from a save: its score then holds play from before the portal's clock of the run.
let resumed = false;
// Apples eaten in this run (since the game began or went on from a save), and in every game on this device.
let applesThisRun = 0;
let applesEaten = 0;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save holds the best score and a run in progress, so a reload or a crash resumes it paused.
function persist() {
  if (!loaded) return;
  const run = state === 'over' || state === 'ready' ? null : { snake, dir, food, score, stepMs };
  void sdk.save({ best, run, apples: applesEaten });
}

function resume(run) {
  resumed = true;
  applesThisRun = 0;
  snake = run.snake;
  dir = run.dir;
  queue = [];
  food = run.food;
  score = run.score;
  stepMs = run.stepMs;
  acc = 0;
  scoreEl.textContent = String(score);
  setState('paused');
  publish();
  draw();
}

function validRun(run) {
  const cell = (c) => c && Number.isInteger(c.x) && Number.isInteger(c.y) && c.x >= 0 && c.y >= 0 && c.x < CELLS && c.y < CELLS;
  return Boolean(run && Array.isArray(run.snake) && run.snake.length >= 1 && run.snake.every(cell) && DIRS[run.dir]
    && (run.food === null || cell(run.food)) && Number.isInteger(run.score) && run.score >= 0
    && Number.isFinite(run.stepMs) && run.stepMs >= FASTEST_STEP_MS && run.stepMs <= START_STEP_MS);
}

function reset() {
  const mid = Math.floor(CELLS / 2);
  snake = [{ x: mid, y: mid }, { x: mid - 1, y: mid }, { x: mid - 2, y: mid }];
  dir = 'right';
  queue = [];
  score = 0;
  resumed = false;
  applesThisRun = 0;
  stepMs = START_STEP_MS;
  acc = 0;
  food = placeFood();
  scoreEl.textContent = '0';
  setState('ready');
  persist();
  publish();
  draw();
}

function placeFood() {
  const free = [];
  for (let y = 0; y < CELLS; y += 1) {
    for (let x = 0; x < CELLS; x += 1) {
      if (!snake.some((s) => s.x === x && s.y === y)) free.push({ x, y });
    }
  }
  return free[Math.floor(Math.random() * free.length)] ?? null;
}

function opposite(a, b) {
  return DIRS[a].x + DIRS[b].x === 0 && DIRS[a].y + DIRS[b].y === 0;
}

function steer(next) {
  if (state === 'over') return;
  const tail = queue.length ? queue[queue.length - 1] : dir;
  if (next === tail || opposite(next, tail)) {
    if (state === 'ready') start();
    return;
  }
  if (queue.length < 3) queue.push(next);
  if (state !== 'playing') start();
}

function start() {
  if (state === 'over') reset();
  setState('playing');
  last = performance.now();
  requestAnimationFrame(frame);
}

function pause() {
  if (state !== 'playing') return;
  setState('paused');
  persist();
  draw();
}

function step() {
  if (queue.length) dir = queue.shift();
  const head = snake[0];
  const next = { x: head.x + DIRS[dir].x, y: head.y + DIRS[dir].y };
  const eating = food && next.x === food.x && next.y === food.y;
  const body = eating ? snake : snake.slice(0, -1);
  const hitWall = next.x < 0 || next.y < 0 || next.x >= CELLS || next.y >= CELLS;
  if (hitWall || body.some((s) => s.x === next.x && s.y === next.y)) {
    gameOver();
    return;
  }
  snake.unshift(next);
  if (eating) {
    score += 10;
    scoreEl.textContent = String(score);
    play('good');
    stepMs = Math.max(FASTEST_STEP_MS, stepMs - 3);
    earned();
    food = placeFood();
    if (!food) gameOver();
    else persist();
  } else {
    snake.pop();
  }
  publish();
}

// The achievements of achievements.ts. A stat goes before the unlock that needs it (the outbox keeps
// the order). A game that went on from a save was already long at its run's start, faster than the
// server's pace allows a run to grow, so only a fresh game reports its length.
function earned() {
  applesThisRun += 1;
  applesEaten += 1;
  void sdk.achievements.unlock('first-apple');
  if (stepMs === FASTEST_STEP_MS) void sdk.achievements.unlock('speed-demon');
  if (!resumed && (snake.length === 20 || snake.length === 50)) {
    void sdk.stats.report('length', snake.length);
    void sdk.achievements.unlock(`length-${snake.length}`);
  }
}

function reportRun() {
  if (!resumed) void sdk.stats.report('length', snake.length);
  void sdk.stats.report('apples', applesThisRun);
  if (applesEaten >= 500) void sdk.achievements.unlock('apples-500');
}

function gameOver() {
  setState('over');
  reportRun();
  if (score > best) {
    best = score;
    bestEl.textContent = String(best);
  }
  persist();
  play('over');
  draw();
  void sdk.score(score, { canvas, resumed });
}

function frame(now) {
  if (state !== 'playing') return;
  acc += Math.min(now - last, 250);
  last = now;
  while (acc >= stepMs && state === 'playing') {
    acc -= stepMs;
    step();
  }
  pulse = reducedMotion.matches ? 0 : (Math.sin(now / 160) + 1) / 2;
  draw();
  if (state === 'playing') requestAnimationFrame(frame);
}

// Tests and the portal read the snake's position from the board element, not from pixels.
function publish() {
  canvas.dataset.head = `${snake[0].x},${snake[0].y}`;
  canvas.dataset.length = String(snake.length);
}

function roundRect(x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

function draw() {
  ctx.fillStyle = '#ecfdf5';
  ctx.fillRect(0, 0, SIZE, SIZE);
  ctx.fillStyle = '#d1fae5';
  for (let y = 0; y < CELLS; y += 1) {
    for (let x = (y % 2); x < CELLS; x += 2) ctx.fillRect(x * CELL, y * CELL, CELL, CELL);
  }
  if (food) {
    const r = 6.5 + (pulse ?? 0) * 1.5;
    ctx.fillStyle = '#ef4444';
    ctx.beginPath();
    ctx.arc(food.x * CELL + CELL / 2, food.y * CELL + CELL / 2 + 1, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#16a34a';
    roundRect(food.x * CELL + CELL / 2, food.y * CELL + 2, 5, 3, 1.5);
  }
  snake.forEach((s, i) => {
    const t = i / Math.max(1, snake.length - 1);
    ctx.fillStyle = i === 0 ? '#1e3a8a' : `hsl(${218 - t * 20} 60% ${36 + t * 22}%)`;
    roundRect(s.x * CELL + 1.5, s.y * CELL + 1.5, CELL - 3, CELL - 3, i === 0 ? 7 : 5);
  });
  drawEyes();
  if (state === 'ready') banner('Snake', 'Press an arrow key or swipe to start');
  if (state === 'paused') banner('Paused', 'Press Space or tap to resume');
  if (state === 'over') banner(`Game over · ${score}`, 'Press Enter or tap to play again');
}

function drawEyes() {
  const h = snake[0];
  const d = DIRS[dir];
  const cx = h.x * CELL + CELL / 2;
  const cy = h.y * CELL + CELL / 2;
  ctx.fillStyle = '#fff';
  for (const side of [-1, 1]) {
    const ex = cx + d.x * 3 + d.y * side * 4;
    const ey = cy + d.y * 3 + d.x * side * 4;
    ctx.beginPath();
    ctx.arc(ex, ey, 2.4, 0, Math.PI * 2);
    ctx.fill();
  }
}

function banner(title, line) {
  // Above the middle row, so the snake waiting at the centre stays in sight.
  const mid = SIZE * 0.28;
  ctx.fillStyle = 'rgba(30, 58, 138, 0.82)';
  ctx.fillRect(0, mid - 54, SIZE, 108);
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.font = '700 30px system-ui, sans-serif';
  ctx.fillText(title, SIZE / 2, mid - 6);
  ctx.font = '500 15px system-ui, sans-serif';
  ctx.fillText(line, SIZE / 2, mid + 26);
}

function fit() {
  stage.dataset.fitted = '';
  const box = stage.getBoundingClientRect();
  const side = Math.max(120, Math.floor(Math.min(box.width, box.height) - 24));
  const dpr = Math.min(window.devicePixelRatio || 1, 3);
  canvas.style.width = `${side}px`;
  canvas.style.height = `${side}px`;
  canvas.width = Math.round(side * dpr);
  canvas.height = Math.round(side * dpr);
  ctx.setTransform(canvas.width / SIZE, 0, 0, canvas.height / SIZE, 0, 0);
  draw();
}

function togglePause() {
  if (state === 'playing') pause();
  else if (state === 'paused' || state === 'ready') start();
  else if (state === 'over') start();
}

window.addEventListener('keydown', (event) => {
  const next = KEYS[event.code];
  if (next) {
    event.preventDefault();
    steer(next);
  } else if (event.code === 'Space' || event.code === 'KeyP') {
    event.preventDefault();
    togglePause();
  } else if ((event.code === 'Enter' || event.code === 'KeyR') && state === 'over') {
    event.preventDefault();
    reset();
  }
});

let touchStart = null;
canvas.addEventListener('pointerdown', (event) => {
  canvas.focus();
  touchStart = { x: event.clientX, y: event.clientY };
});
canvas.addEventListener('pointerup', (event) => {
  if (!touchStart) return;
  const dx = event.clientX - touchStart.x;
  const dy = event.clientY - touchStart.y;
  touchStart = null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) {
    if (state === 'over') reset();
    else togglePause();
    return;
  }
  if (Math.abs(dx) > Math.abs(dy)) steer(dx > 0 ? 'right' : 'left');
  else steer(dy > 0 ? 'down' : 'up');
});
for (const button of document.querySelectorAll('.pad button')) {
  button.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    if (state === 'over') reset();
    steer(button.dataset.dir);
  });
}
document.getElementById('restart').addEventListener('click', (event) => {
  reset();
  event.currentTarget.blur();
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden) pause();
});

soundButton(document.getElementById('sound'));
sdk.onScoreRequest(() => ({ score, canvas }));
sdk.onNewGame(reset);
best = 0;
reset();
new ResizeObserver(fit).observe(stage);
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
if (saved && Number.isInteger(saved.apples) && saved.apples >= 0) applesEaten = saved.apples;
bestEl.textContent = String(best);
loaded = true;
if (saved && validRun(saved.run) && state === 'ready') resume(saved.run);
