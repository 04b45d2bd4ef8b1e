import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';
import { LIVES, makeRound, points, RIGHT_PER_LEVEL } from './rules.ts';

const NEXT_MS = 650;

const game = document.getElementById('game');
const shownEl = document.getElementById('shown');
const model = document.getElementById('model');
const optionsEl = document.getElementById('options');
const note = document.getElementById('note');
const scoreEl = document.getElementById('score');
const levelEl = document.getElementById('level');
const livesEl = document.getElementById('lives');
const bestEl = document.getElementById('best');
const over = document.getElementById('over');

let state, round, score, level, lives, rightCount, best = 0, askedAt = 0, locked = false, loaded = false;
// For the achievements: right answers in this run (since it began or went on from a save) and in a row,
// and in every game on this device.
let rightThisRun = 0;
let inARow = 0;
let rightEver = 0;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save keeps the best score and the run under way (score, level, lives), resumed after a reload.
function persist() {
  if (!loaded) return;
  const run = state === 'playing' || state === 'paused' ? { score, level, lives, rightCount } : null;
  void sdk.save({ best, run, right: rightEver });
}

const fraction = (f) => `<span class="fraction"><i>${f.n}</i><i>${f.d}</i></span>`;

function drawModel(f) {
  // The shown fraction as a bar of d parts, n of them filled: the same length whatever its form.
  const w = 300 / f.d;
  let parts = '';
  for (let i = 0; i < f.d; i += 1) {
    parts += `<rect x="${i * w + 1}" y="4" width="${w - 2}" height="32" rx="${Math.min(6, w / 4)}" fill="${i < f.n ? '#f97316' : '#fed7aa'}"/>`;
  }
  model.innerHTML = parts;
}

function render() {
  scoreEl.textContent = String(score);
  levelEl.textContent = String(level);
  livesEl.textContent = String(lives);
  bestEl.textContent = String(best);
}

function ask() {
  round = makeRound(level);
  locked = false;
  askedAt = performance.now();
  shownEl.innerHTML = fraction(round.shown);
  shownEl.setAttribute('aria-label', `${round.shown.n} over ${round.shown.d}`);
  drawModel(round.shown);
  optionsEl.replaceChildren(
    ...round.options.map((f, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'option';
      b.innerHTML = `${fraction(f)}<small>${i + 1}</small>`;
      b.setAttribute('aria-label', `${i + 1}: ${f.n} over ${f.d}`);
      b.addEventListener('click', () => choose(i));
      return b;
    }),
  );
  game.dataset.answer = String(round.answer);
}

function reset(run = null) {
  score = run?.score ?? 0;
  level = run?.level ?? 1;
  lives = run?.lives ?? LIVES;
  rightCount = run?.rightCount ?? 0;
  rightThisRun = 0;
  inARow = 0;
  over.hidden = true;
  setState(run ? 'playing' : 'ready');
  note.textContent = run ? 'Welcome back: the run goes on' : 'Pick an answer to start';
  ask();
  render();
  persist();
}

function choose(i) {
  if (locked || state === 'over') return;
  if (state !== 'playing') setState('playing');
  locked = true;
  const buttons = optionsEl.children;
  buttons[round.answer].classList.add('right');
  if (i === round.answer) {
    const gained = points(level, (performance.now() - askedAt) / 1000);
    score += gained;
    rightCount += 1;
    answered(true);
    play('good');
    note.textContent = `Right: +${gained}`;
    if (rightCount % RIGHT_PER_LEVEL === 0) {
      level += 1;
      note.textContent = `Level ${level}: bigger numbers!`;
      play('win');
    }
  } else {
    buttons[i].classList.add('wrong');
    answered(false);
    lives -= 1;
    play('bad');
    const a = round.options[round.answer];
    note.textContent = `${round.shown.n}/${round.shown.d} is ${a.n}/${a.d}: divide both by ${round.shown.n / a.n}`;
  }
  render();
  if (lives <= 0) {
    finish();
    return;
  }
  persist();
  setTimeout(ask, i === round.answer ? NEXT_MS : NEXT_MS * 3);
}

// The achievements of achievements.ts. A stat goes before the unlock that needs it (the outbox keeps
// the order); each report is a request, so they go at the moments a threshold may be crossed and at
// the end of a run, not at every answer.
function answered(right) {
  if (!right) {
    inARow = 0;
    return;
  }
  rightThisRun += 1;
  rightEver += 1;
  inARow += 1;
  if (rightThisRun === 1) {
    void sdk.stats.report('correct', rightThisRun);
    void sdk.achievements.unlock('first-match');
  }
  if (inARow === 10 || inARow === 25) {
    void sdk.stats.report('streak', inARow);
    void sdk.achievements.unlock(`streak-${inARow}`);
  }
  const answer = round.options[round.answer];
  if (answer.n === 1 && answer.d === 2) void sdk.achievements.unlock('one-half');
}

function finish() {
  void sdk.stats.report('correct', rightThisRun);
  if (rightEver >= 500) void sdk.achievements.unlock('correct-500');
  setState('over');
  if (score > best) best = score;
  render();
  persist();
  document.getElementById('over-title').textContent = `Out of lives · ${score}`;
  document.getElementById('over-detail').textContent = `${rightCount} right, up to level ${level}.`;
  over.hidden = false;
  document.getElementById('again').focus();
  play('over');
  void sdk.score(score, { title: 'Fraction Frenzy' });
}

window.addEventListener('keydown', (event) => {
  if (/^(Digit|Numpad)[1-4]$/.test(event.code)) {
    event.preventDefault();
    choose(Number(event.code.slice(-1)) - 1);
  } else if (event.code === 'Enter' && state === 'over') {
    event.preventDefault();
    reset();
  }
});
document.getElementById('restart').addEventListener('click', (event) => {
  reset();
  event.currentTarget.blur();
});
document.getElementById('again').addEventListener('click', () => reset());
document.addEventListener('visibilitychange', () => {
  if (document.hidden && state === 'playing') {
    setState('paused');
    persist();
  }
});

soundButton(document.getElementById('sound'));
reset();
// Drawn: the stage may show (common.css hides a data-fit stage until its first layout is its final one).
document.getElementById('stage').dataset.fitted = '';
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
if (saved && Number.isInteger(saved.right) && saved.right >= 0) rightEver = saved.right;
loaded = true;
const run = saved?.run;
if (run && [run.score, run.rightCount].every((n) => Number.isInteger(n) && n >= 0) && Number.isInteger(run.level) && run.level >= 1
  && run.level <= 100 && Number.isInteger(run.lives) && run.lives >= 1 && run.lives <= LIVES && state === 'ready') {
  reset(run);
} else {
  render();
  persist();
}
