import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';

const W = 480;
const H = 600;
const COLS = 8;
const ROWS = 6;
const BRICK_TOP = 64;
const BRICK_H = 20;
const BRICK_GAP = 6;
const SIDE = 16;
const BRICK_W = (W - SIDE * 2 - BRICK_GAP * (COLS - 1)) / COLS;
const ROW_COLORS = ['#ef4444', '#f97316', '#f59e0b', '#22c55e', '#0ea5e9', '#6366f1'];
const ROW_POINTS = [60, 50, 40, 30, 20, 10];
const PADDLE_W = 84;
const PADDLE_H = 12;
const PADDLE_Y = H - 44;
const PADDLE_SPEED = 480;
const BALL_R = 7;
const START_LIVES = 3;

const canvas = document.getElementById('game');
const ctx = canvas.getContext('2d');
const stage = document.getElementById('stage');
const scoreEl = document.getElementById('score');
const livesEl = document.getElementById('lives');
const bestEl = document.getElementById('best');
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

const held = { left: false, right: false };
let bricks, paddleX, ball, stuck, score, lives, level, state, best, last, particles, running = false;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

function buildBricks() {
  bricks = [];
  for (let r = 0; r < ROWS; r += 1) {
    for (let c = 0; c < COLS; c += 1) {
      bricks.push({
        x: SIDE + c * (BRICK_W + BRICK_GAP),
        y: BRICK_TOP + r * (BRICK_H + BRICK_GAP),
        row: r,
        alive: true,
      });
    }
  }
}

function baseSpeed() {
  return Math.min(300 + (level - 1) * 40, 460);
}

function serve() {
  stuck = true;
  ball = { x: paddleX, y: PADDLE_Y - BALL_R - 1, vx: 0, vy: 0, speed: baseSpeed() };
}

// For the achievements: bricks broken in this game, and in every game on this device.
let bricksThisRun = 0;
let bricksEver = 0;

function reset() {
  bricksThisRun = 0;
  score = 0;
  lives = START_LIVES;
  level = 1;
  paddleX = W / 2;
  particles = [];
  buildBricks();
  serve();
  updateHud();
  setState('ready');
  loop();
}

function launch() {
  if (!stuck) return;
  stuck = false;
  const angle = (Math.random() * 0.6 - 0.3) - Math.PI / 2;
  ball.vx = Math.cos(angle) * ball.speed;
  ball.vy = Math.sin(angle) * ball.speed;
}

function updateHud() {
  scoreEl.textContent = String(score);
  livesEl.textContent = String(lives);
}

function loop() {
  if (running) return;
  running = true;
  last = performance.now();
  requestAnimationFrame(frame);
}

function frame(now) {
  if (state !== 'playing' && state !== 'ready') {
    running = false;
    draw();
    return;
  }
  const dt = Math.min((now - last) / 1000, 1 / 20);
  last = now;
  update(dt);
  draw();
  requestAnimationFrame(frame);
}

function update(dt) {
  const dir = (held.right ? 1 : 0) - (held.left ? 1 : 0);
  if (dir) movePaddle(paddleX + dir * PADDLE_SPEED * dt);
  particles = particles.filter((p) => (p.life -= dt) > 0);
  for (const p of particles) {
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    p.vy += 600 * dt;
  }
  if (stuck) {
    ball.x = paddleX;
    return;
  }
  // Small sub-steps so a fast ball cannot pass through a brick between two frames.
  const steps = Math.ceil((ball.speed * dt) / (BALL_R * 0.75));
  for (let i = 0; i < steps && !stuck && state === 'playing'; i += 1) advance(dt / steps);
}

function advance(dt) {
  ball.x += ball.vx * dt;
  ball.y += ball.vy * dt;
  if (ball.x < BALL_R) {
    ball.x = BALL_R;
    ball.vx = Math.abs(ball.vx);
  } else if (ball.x > W - BALL_R) {
    ball.x = W - BALL_R;
    ball.vx = -Math.abs(ball.vx);
  }
  if (ball.y < BALL_R) {
    ball.y = BALL_R;
    ball.vy = Math.abs(ball.vy);
  }
  const half = PADDLE_W / 2;
  if (
    ball.vy > 0 &&
    ball.y + BALL_R >= PADDLE_Y &&
    ball.y - BALL_R <= PADDLE_Y + PADDLE_H &&
    ball.x >= paddleX - half - BALL_R &&
    ball.x <= paddleX + half + BALL_R
  ) {
    const hit = Math.max(-1, Math.min(1, (ball.x - paddleX) / half));
    const angle = hit * (Math.PI / 3) - Math.PI / 2;
    ball.vx = Math.cos(angle) * ball.speed;
    ball.vy = Math.sin(angle) * ball.speed;
    ball.y = PADDLE_Y - BALL_R;
  }
  for (const brick of bricks) {
    if (!brick.alive) continue;
    const nx = Math.max(brick.x, Math.min(ball.x, brick.x + BRICK_W));
    const ny = Math.max(brick.y, Math.min(ball.y, brick.y + BRICK_H));
    const dx = ball.x - nx;
    const dy = ball.y - ny;
    if (dx * dx + dy * dy > BALL_R * BALL_R) continue;
    brick.alive = false;
    if (Math.abs(dx) > Math.abs(dy)) ball.vx = Math.sign(dx || -ball.vx) * Math.abs(ball.vx);
    else ball.vy = Math.sign(dy || -ball.vy) * Math.abs(ball.vy);
    score += ROW_POINTS[brick.row] * level;
    broke();
    play('tick');
    speedUp();
    burst(brick);
    updateHud();
    if (bricks.every((b) => !b.alive)) nextLevel();
    break;
  }
  if (ball.y - BALL_R > H) loseLife();
}

function speedUp() {
  const factor = Math.min(ball.speed * 1.012, baseSpeed() * 1.6) / ball.speed;
  ball.speed *= factor;
  ball.vx *= factor;
  ball.vy *= factor;
}

function burst(brick) {
  if (reducedMotion.matches) return;
  for (let i = 0; i < 8; i += 1) {
    particles.push({
      x: brick.x + Math.random() * BRICK_W,
      y: brick.y + Math.random() * BRICK_H,
      vx: (Math.random() - 0.5) * 220,
      vy: -Math.random() * 160,
      life: 0.5,
      color: ROW_COLORS[brick.row],
    });
  }
}

// The achievements of achievements.ts. A stat goes before the unlock that needs it (the outbox keeps
// the order); the bricks go at each level and at the end of a game, not at every brick.
function broke() {
  bricksThisRun += 1;
  bricksEver += 1;
  void sdk.achievements.unlock('first-brick');
}

function reportBricks() {
  void sdk.stats.report('bricks', bricksThisRun);
  if (bricksEver >= 1000) void sdk.achievements.unlock('bricks-1000');
  persist();
}

function nextLevel() {
  level += 1;
  void sdk.stats.report('level', level);
  void sdk.achievements.unlock('clear-level');
  if (level >= 4) void sdk.achievements.unlock('level-4');
  if (lives === 1) void sdk.achievements.unlock('last-life');
  reportBricks();
  buildBricks();
  serve();
}

function loseLife() {
  lives -= 1;
  updateHud();
  if (lives <= 0) {
    gameOver();
    return;
  }
  serve();
}

function gameOver() {
  reportBricks();
  setState('over');
  if (score > best) {
    best = score;
    bestEl.textContent = String(best);
    persist();
  }
  play('over');
  draw();
  void sdk.score(score, { canvas });
}

function movePaddle(x) {
  paddleX = Math.max(PADDLE_W / 2, Math.min(W - PADDLE_W / 2, x));
  canvas.dataset.paddle = String(Math.round(paddleX));
}

function draw() {
  const sky = ctx.createLinearGradient(0, 0, 0, H);
  sky.addColorStop(0, '#0f1d4a');
  sky.addColorStop(1, '#1e3a8a');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  ctx.font = '600 14px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.fillText(`Level ${level}`, SIDE, 32);
  ctx.textAlign = 'right';
  ctx.fillText('●'.repeat(Math.max(0, lives)), W - SIDE, 32);
  for (const brick of bricks) {
    if (!brick.alive) continue;
    ctx.fillStyle = ROW_COLORS[brick.row];
    ctx.beginPath();
    ctx.roundRect(brick.x, brick.y, BRICK_W, BRICK_H, 4);
    ctx.fill();
    ctx.fillStyle = 'rgba(255,255,255,0.25)';
    ctx.fillRect(brick.x + 3, brick.y + 3, BRICK_W - 6, 4);
  }
  for (const p of particles) {
    ctx.globalAlpha = Math.max(0, p.life * 2);
    ctx.fillStyle = p.color;
    ctx.fillRect(p.x, p.y, 4, 4);
  }
  ctx.globalAlpha = 1;
  ctx.fillStyle = '#e0e7ff';
  ctx.beginPath();
  ctx.roundRect(paddleX - PADDLE_W / 2, PADDLE_Y, PADDLE_W, PADDLE_H, 6);
  ctx.fill();
  ctx.fillStyle = '#60a5fa';
  ctx.fillRect(paddleX - PADDLE_W / 2 + 8, PADDLE_Y + PADDLE_H - 4, PADDLE_W - 16, 2);
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(ball.x, ball.y, BALL_R, 0, Math.PI * 2);
  ctx.fill();
  if (state === 'ready') banner('Breakout', 'Press Space or tap to launch');
  else if (state === 'paused') banner('Paused', 'Press Space or tap to resume');
  else if (state === 'over') banner(`Game over · ${score}`, 'Press Enter or tap to play again');
  else if (stuck) hint('Space or tap to launch');
}

function banner(title, line) {
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.beginPath();
  ctx.roundRect(40, H / 2 - 40, W - 80, 110, 14);
  ctx.fill();
  ctx.textAlign = 'center';
  ctx.fillStyle = '#1e3a8a';
  ctx.font = '800 30px system-ui, sans-serif';
  ctx.fillText(title, W / 2, H / 2 + 8);
  ctx.fillStyle = '#334155';
  ctx.font = '500 15px system-ui, sans-serif';
  ctx.fillText(line, W / 2, H / 2 + 42);
}

function hint(text) {
  ctx.textAlign = 'center';
  ctx.fillStyle = 'rgba(255,255,255,0.8)';
  ctx.font = '500 14px system-ui, sans-serif';
  ctx.fillText(text, W / 2, PADDLE_Y - 40);
}

function fit() {
  stage.dataset.fitted = '';
  const box = stage.getBoundingClientRect();
  const scale = Math.max(0.3, Math.min((box.width - 24) / W, (box.height - 24) / H));
  const cssW = Math.floor(W * scale);
  const cssH = Math.floor(H * scale);
  const dpr = Math.min(window.devicePixelRatio || 1, 3);
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  ctx.setTransform(canvas.width / W, 0, 0, canvas.height / H, 0, 0);
  draw();
}

function action() {
  if (state === 'over') reset();
  else if (state === 'paused') {
    setState('playing');
    loop();
  } else {
    if (state === 'ready') setState('playing');
    launch();
  }
}

function pause() {
  if (state !== 'playing' && state !== 'ready') return;
  held.left = false;
  held.right = false;
  setState('paused');
}

const LEFT = new Set(['ArrowLeft', 'KeyA']);
const RIGHT = new Set(['ArrowRight', 'KeyD']);
window.addEventListener('keydown', (event) => {
  if (LEFT.has(event.code) || RIGHT.has(event.code)) {
    event.preventDefault();
    const side = LEFT.has(event.code) ? 'left' : 'right';
    held[side] = true;
    // A single tap still nudges the paddle; holding the key glides it.
    if (!event.repeat && (state === 'ready' || state === 'playing')) {
      movePaddle(paddleX + (side === 'left' ? -14 : 14));
      loop();
    }
  } else if (event.code === 'Space' || event.code === 'ArrowUp') {
    event.preventDefault();
    if (!event.repeat) action();
  } else if (event.code === 'KeyP' || event.code === 'Escape') {
    if (state === 'paused') action();
    else pause();
  } else if ((event.code === 'Enter' || event.code === 'KeyR') && state === 'over') {
    event.preventDefault();
    reset();
  }
});
window.addEventListener('keyup', (event) => {
  if (LEFT.has(event.code)) held.left = false;
  if (RIGHT.has(event.code)) held.right = false;
});

function pointerToBoard(event) {
  const rect = canvas.getBoundingClientRect();
  return ((event.clientX - rect.left) / rect.width) * W;
}
canvas.addEventListener('pointermove', (event) => {
  if (state === 'playing' || state === 'ready') movePaddle(pointerToBoard(event));
});
canvas.addEventListener('pointerdown', (event) => {
  canvas.focus();
  if (event.pointerType !== 'mouse') movePaddle(pointerToBoard(event));
  action();
});
document.getElementById('restart').addEventListener('click', (event) => {
  reset();
  event.currentTarget.blur();
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden) pause();
});

// A run lasts a minute or two and is not resumed; the save keeps the best score.
function persist() {
  void sdk.save({ best, bricks: bricksEver });
}

soundButton(document.getElementById('sound'));
sdk.onScoreRequest(() => ({ score, canvas }));
sdk.onNewGame(reset);
best = 0;
reset();
movePaddle(paddleX);
new ResizeObserver(fit).observe(stage);
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best > best) best = saved.best;
if (saved && Number.isInteger(saved.bricks) && saved.bricks >= 0) bricksEver = saved.bricks;
bestEl.textContent = String(best);
