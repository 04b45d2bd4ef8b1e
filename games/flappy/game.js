import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';

const W = 360;
const H = 600;
const GROUND = 72;
const BIRD_X = 110;
const BIRD_R = 14;
const GRAVITY = 1500;
const FLAP = -440;
const PIPE_W = 62;
const PIPE_SPACING = 215;
const START_GAP = 160;
const MIN_GAP = 124;
const START_SPEED = 150;
const RESTART_DELAY_MS = 450;

const canvas = document.getElementById('game');
const ctx = canvas.getContext('2d');
const stage = document.getElementById('stage');
const scoreEl = document.getElementById('score');
const bestEl = document.getElementById('best');
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

const clouds = [
  { x: 40, y: 90, s: 1 },
  { x: 210, y: 150, s: 0.7 },
  { x: 320, y: 60, s: 0.85 },
];
let bird, pipes, score, state, best, last, overAt = 0, t = 0, groundShift = 0, running = false;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// For the achievements: flaps in this flight (the one that starts it counts), and flights on this device.
let flaps = 0;
let flights = 0;

function reset() {
  bird = { y: H / 2 - 40, vy: 0 };
  flaps = 0;
  pipes = [];
  score = 0;
  scoreEl.textContent = '0';
  setState('ready');
  publish();
  loop();
}

function gap() {
  return Math.max(MIN_GAP, START_GAP - score * 2);
}

function speed() {
  return Math.min(START_SPEED + score * 3, 230);
}

function addPipe(x) {
  const g = gap();
  const top = 60 + Math.random() * (H - GROUND - g - 120);
  pipes.push({ x, top, gap: g, passed: false });
}

function flap() {
  if (state === 'over') {
    if (performance.now() - overAt > RESTART_DELAY_MS) reset();
    return;
  }
  if (state === 'paused') {
    setState('playing');
    loop();
    return;
  }
  if (state === 'ready') {
    setState('playing');
    addPipe(W + 60);
  }
  flaps += 1;
  bird.vy = FLAP;
}

function pause() {
  if (state !== 'playing') return;
  setState('paused');
}

function loop() {
  if (running) return;
  running = true;
  last = performance.now();
  requestAnimationFrame(frame);
}

function frame(now) {
  const dt = Math.min((now - last) / 1000, 1 / 20);
  last = now;
  if (state === 'playing') update(dt);
  else if (state === 'ready') idle(dt);
  draw();
  if (state === 'playing' || state === 'ready') requestAnimationFrame(frame);
  else running = false;
}

function idle(dt) {
  t += dt;
  if (!reducedMotion.matches) {
    bird.y = H / 2 - 40 + Math.sin(t * 4) * 6;
    groundShift = (groundShift + START_SPEED * dt) % 24;
  }
  publish();
}

function update(dt) {
  t += dt;
  bird.vy += GRAVITY * dt;
  bird.y += bird.vy * dt;
  if (bird.y < BIRD_R) {
    bird.y = BIRD_R;
    bird.vy = 0;
  }
  const v = speed();
  groundShift = (groundShift + v * dt) % 24;
  for (const cloud of clouds) {
    if (reducedMotion.matches) break;
    cloud.x -= v * 0.2 * cloud.s * dt;
    if (cloud.x < -60) cloud.x = W + 60;
  }
  for (const pipe of pipes) pipe.x -= v * dt;
  if (pipes.length && pipes[0].x + PIPE_W < -10) pipes.shift();
  const lastPipe = pipes[pipes.length - 1];
  if (!lastPipe || lastPipe.x < W - PIPE_SPACING) addPipe(W + 10);
  for (const pipe of pipes) {
    if (!pipe.passed && pipe.x + PIPE_W < BIRD_X - BIRD_R) {
      pipe.passed = true;
      score += 1;
      scoreEl.textContent = String(score);
      play('good');
      passed();
    }
    if (hits(pipe)) {
      crash();
      return;
    }
  }
  if (bird.y + BIRD_R >= H - GROUND) {
    bird.y = H - GROUND - BIRD_R;
    crash();
    return;
  }
  publish();
}

function hits(pipe) {
  const rects = [
    [pipe.x, 0, PIPE_W, pipe.top],
    [pipe.x, pipe.top + pipe.gap, PIPE_W, H],
  ];
  // A slightly smaller hit circle than the drawing keeps near misses feeling fair.
  const r = BIRD_R - 2;
  return rects.some(([x, y, w, h]) => {
    const nx = Math.max(x, Math.min(BIRD_X, x + w));
    const ny = Math.max(y, Math.min(bird.y, y + h));
    return (BIRD_X - nx) ** 2 + (bird.y - ny) ** 2 < r * r;
  });
}

// The achievements of achievements.ts. Each flight is a run of its own (its score closes it); a stat
// goes before the unlock that needs it (the outbox keeps the order).
const PIPE_ACHIEVEMENTS = { 1: 'first-pipe', 10: 'pipes-10', 50: 'pipes-50' };

function passed() {
  const id = PIPE_ACHIEVEMENTS[score];
  if (id === undefined) return;
  void sdk.stats.report('pipes', score);
  void sdk.achievements.unlock(id);
}

function landed() {
  flights += 1;
  void sdk.stats.report('pipes', score);
  void sdk.stats.report('flights', 1);
  if (flaps === 1) void sdk.achievements.unlock('ground-hug');
  if (flights >= 100) void sdk.achievements.unlock('flights-100');
  persist();
}

function crash() {
  landed();
  setState('over');
  overAt = performance.now();
  publish();
  if (score > best) {
    best = score;
    bestEl.textContent = String(best);
    persist();
  }
  play('over');
  draw();
  void sdk.score(score, { canvas });
}

function publish() {
  canvas.dataset.birdY = String(Math.round(bird.y));
}

function draw() {
  const sky = ctx.createLinearGradient(0, 0, 0, H);
  sky.addColorStop(0, '#93c5fd');
  sky.addColorStop(1, '#e0f2fe');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  for (const c of clouds) {
    ctx.beginPath();
    ctx.ellipse(c.x, c.y, 34 * c.s, 14 * c.s, 0, 0, Math.PI * 2);
    ctx.ellipse(c.x + 20 * c.s, c.y - 8 * c.s, 22 * c.s, 14 * c.s, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#a7c7e7';
  ctx.beginPath();
  ctx.moveTo(0, H - GROUND);
  for (let x = 0; x <= W; x += 60) ctx.quadraticCurveTo(x + 30, H - GROUND - 46, x + 60, H - GROUND);
  ctx.fill();
  for (const pipe of pipes) drawPipe(pipe);
  ctx.fillStyle = '#a16207';
  ctx.fillRect(0, H - GROUND, W, GROUND);
  ctx.fillStyle = '#65a30d';
  ctx.fillRect(0, H - GROUND, W, 12);
  ctx.fillStyle = '#4d7c0f';
  for (let x = -groundShift; x < W; x += 24) ctx.fillRect(x, H - GROUND + 12, 12, 4);
  drawBird();
  if (state === 'playing' || state === 'paused') bigScore();
  if (state === 'ready') banner('Flappy Hollow', 'Press Space or tap to flap');
  else if (state === 'paused') banner('Paused', 'Press Space or tap to resume');
  else if (state === 'over') banner(`Game over · ${score}`, 'Press Space or tap to fly again');
}

function drawPipe(pipe) {
  ctx.fillStyle = '#16a34a';
  ctx.strokeStyle = '#14532d';
  ctx.lineWidth = 3;
  const bottom = pipe.top + pipe.gap;
  ctx.fillRect(pipe.x, -4, PIPE_W, pipe.top + 4);
  ctx.strokeRect(pipe.x, -4, PIPE_W, pipe.top + 4);
  ctx.fillRect(pipe.x, bottom, PIPE_W, H - GROUND - bottom);
  ctx.strokeRect(pipe.x, bottom, PIPE_W, H - GROUND - bottom);
  ctx.fillRect(pipe.x - 5, pipe.top - 18, PIPE_W + 10, 18);
  ctx.strokeRect(pipe.x - 5, pipe.top - 18, PIPE_W + 10, 18);
  ctx.fillRect(pipe.x - 5, bottom, PIPE_W + 10, 18);
  ctx.strokeRect(pipe.x - 5, bottom, PIPE_W + 10, 18);
  ctx.fillStyle = 'rgba(255,255,255,0.22)';
  ctx.fillRect(pipe.x + 8, 0, 8, pipe.top - 18);
  ctx.fillRect(pipe.x + 8, bottom + 18, 8, H - GROUND - bottom - 18);
}

function drawBird() {
  const tilt = reducedMotion.matches ? 0 : Math.max(-0.5, Math.min(1.1, bird.vy / 600));
  const wing = reducedMotion.matches || state !== 'playing' ? 0 : Math.sin(t * 22) * 3;
  ctx.save();
  ctx.translate(BIRD_X, bird.y);
  ctx.rotate(tilt);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = '#854d0e';
  ctx.fillStyle = '#facc15';
  ctx.beginPath();
  ctx.ellipse(0, 0, BIRD_R + 3, BIRD_R, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#fde68a';
  ctx.beginPath();
  ctx.ellipse(-7, 4 + wing, 8, 5, -0.3, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(7, -5, 5, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0f172a';
  ctx.beginPath();
  ctx.arc(8.5, -5, 2.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#f97316';
  ctx.beginPath();
  ctx.moveTo(14, 1);
  ctx.lineTo(25, 4);
  ctx.lineTo(14, 8);
  ctx.fill();
  ctx.restore();
}

function bigScore() {
  ctx.textAlign = 'center';
  ctx.font = '800 44px system-ui, sans-serif';
  ctx.lineWidth = 6;
  ctx.strokeStyle = '#1e3a8a';
  ctx.strokeText(String(score), W / 2, 78);
  ctx.fillStyle = '#fff';
  ctx.fillText(String(score), W / 2, 78);
}

function banner(title, line) {
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.beginPath();
  ctx.roundRect(30, H / 2 - 150, W - 60, 100, 14);
  ctx.fill();
  ctx.textAlign = 'center';
  ctx.fillStyle = '#1e3a8a';
  ctx.font = '800 28px system-ui, sans-serif';
  ctx.fillText(title, W / 2, H / 2 - 104);
  ctx.fillStyle = '#334155';
  ctx.font = '500 15px system-ui, sans-serif';
  ctx.fillText(line, W / 2, H / 2 - 72);
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

window.addEventListener('keydown', (event) => {
  if (event.code === 'Space' || event.code === 'ArrowUp' || event.code === 'KeyW') {
    event.preventDefault();
    if (!event.repeat) flap();
  } else if (event.code === 'KeyP' || event.code === 'Escape') {
    if (state === 'paused') flap();
    else pause();
  } else if ((event.code === 'Enter' || event.code === 'KeyR') && state === 'over') {
    event.preventDefault();
    reset();
  }
});
canvas.addEventListener('pointerdown', (event) => {
  event.preventDefault();
  canvas.focus();
  flap();
});
document.getElementById('restart').addEventListener('click', (event) => {
  reset();
  event.currentTarget.blur();
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden) pause();
});

// A run lasts a minute or two and is not resumed; the save keeps the best score and the flights flown.
function persist() {
  void sdk.save({ best, flights });
}

soundButton(document.getElementById('sound'));
sdk.onScoreRequest(() => ({ score, canvas }));
sdk.onNewGame(reset);
best = 0;
reset();
new ResizeObserver(fit).observe(stage);
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best > best) best = saved.best;
if (saved && Number.isInteger(saved.flights) && saved.flights >= 0) flights = saved.flights;
bestEl.textContent = String(best);
