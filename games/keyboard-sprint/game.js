import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';
import { accuracy, PASSAGES, passageOrder, SPRINT_SECONDS, sprintScore, wpm } from './rules.ts';

const game = document.getElementById('game');
const passageEl = document.getElementById('passage');
const entry = document.getElementById('entry');
const note = document.getElementById('note');
const scoreEl = document.getElementById('score');
const wpmEl = document.getElementById('wpm');
const timeEl = document.getElementById('time');
const bestEl = document.getElementById('best');
const recentEl = document.getElementById('recent');
const over = document.getElementById('over');

let state, order = [], passage = 0, at = 0, correct = 0, errors = 0, elapsedMs = 0, lastTick = 0, timer = null;
let best = 0, bestWpm = 0, recent = [], missed = false, loaded = false;
// For the achievements: words typed in every sprint on this device, and the errors when this passage began.
let wordsEver = 0;
let errorsAtPassage = 0;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save keeps the best score, the best speed and the last five sprints, to show progress.
function persist() {
  if (loaded) void sdk.save({ best, bestWpm, recent, words: wordsEver });
}

function text() {
  return PASSAGES[order[passage % order.length]];
}

function tally() {
  return { correct, errors, ms: elapsedMs };
}

function renderPassage() {
  const t = text();
  passageEl.innerHTML = '';
  [...t].forEach((ch, i) => {
    const span = document.createElement('span');
    span.textContent = ch;
    if (i < at) span.className = 'done';
    else if (i === at) span.className = missed ? 'now miss' : 'now';
    passageEl.append(span);
  });
  game.dataset.next = t[at] ?? '';
}

function renderStats() {
  scoreEl.textContent = String(sprintScore(tally()));
  wpmEl.textContent = String(wpm(tally()));
  timeEl.textContent = String(Math.max(0, Math.ceil(SPRINT_SECONDS - elapsedMs / 1000)));
  bestEl.textContent = String(best);
  recentEl.innerHTML = recent.length ? `Last sprints: ${recent.map((r) => `<li>${r} wpm</li>`).join('')}` : '';
}

function reset() {
  stopClock();
  order = passageOrder(Math.random, order[passage % (order.length || 1)] ?? null);
  passage = 0;
  at = 0;
  correct = 0;
  errors = 0;
  errorsAtPassage = 0;
  elapsedMs = 0;
  missed = false;
  entry.value = '';
  entry.disabled = false;
  over.hidden = true;
  note.textContent = 'Start typing to start the clock';
  setState('ready');
  renderPassage();
  renderStats();
  entry.focus();
}

function startClock() {
  lastTick = performance.now();
  timer = setInterval(() => {
    const now = performance.now();
    elapsedMs += now - lastTick;
    lastTick = now;
    if (elapsedMs >= SPRINT_SECONDS * 1000) finish();
    else renderStats();
  }, 100);
}

function stopClock() {
  clearInterval(timer);
  timer = null;
}

function type(ch) {
  if (state === 'over') return;
  if (state !== 'playing') {
    setState('playing');
    note.textContent = 'Go!';
    startClock();
  }
  const t = text();
  if (ch === t[at]) {
    at += 1;
    correct += 1;
    missed = false;
    if (at >= t.length) {
      void sdk.achievements.unlock('first-passage');
      if (errors === errorsAtPassage) void sdk.achievements.unlock('flawless');
      errorsAtPassage = errors;
      passage += 1;
      at = 0;
      play('good');
      note.textContent = 'Next passage';
    }
  } else {
    errors += 1;
    missed = true;
    play('bad');
  }
  renderPassage();
  renderStats();
}

// The achievements of achievements.ts. A sprint is a run of its own (its score closes it); its words and
// speed go to the server at its end, before the unlocks that need them (the outbox keeps the order).
function sprinted(t) {
  const words = Math.floor(t.correct / 5);
  const speed = wpm(t);
  wordsEver += words;
  void sdk.stats.report('words', words);
  void sdk.stats.report('wpm', speed);
  if (speed >= 40) void sdk.achievements.unlock('wpm-40');
  if (speed >= 70) void sdk.achievements.unlock('wpm-70');
  if (wordsEver >= 5000) void sdk.achievements.unlock('words-5000');
}

function finish() {
  stopClock();
  elapsedMs = SPRINT_SECONDS * 1000;
  setState('over');
  entry.disabled = true;
  const t = tally();
  const score = sprintScore(t);
  if (score > best) best = score;
  bestWpm = Math.max(bestWpm, wpm(t));
  recent = [...recent, wpm(t)].slice(-5);
  sprinted(t);
  renderStats();
  persist();
  document.getElementById('over-title').textContent = `${wpm(t)} words a minute`;
  document.getElementById('over-detail').textContent = `${Math.round(accuracy(t) * 100)}% accuracy · score ${score} · your best speed ${bestWpm} wpm`;
  over.hidden = false;
  document.getElementById('again').focus();
  play('win');
  void sdk.score(score, { title: 'Keyboard Sprint' });
}

// Every character arrives through the field, from a keyboard or a touch screen's keyboard alike.
entry.addEventListener('input', () => {
  for (const ch of entry.value) type(ch);
  entry.value = '';
});
entry.addEventListener('keydown', (event) => {
  if (event.code === 'Enter') event.preventDefault();
});
window.addEventListener('keydown', (event) => {
  if (event.code === 'Enter' && state === 'over') {
    event.preventDefault();
    reset();
  }
});
game.addEventListener('pointerdown', (event) => {
  if (!event.target.closest('button')) setTimeout(() => entry.focus());
});
document.getElementById('again').addEventListener('click', reset);
document.getElementById('restart').addEventListener('click', (event) => {
  event.currentTarget.blur();
  reset();
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden && state === 'playing') {
    stopClock();
    setState('paused');
    note.textContent = 'Paused: type to go on';
  }
});

soundButton(document.getElementById('sound'));
reset();
// Drawn: the stage may show (common.css hides a data-fit stage until its first layout is its final one).
document.getElementById('stage').dataset.fitted = '';
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
if (saved && Number.isInteger(saved.bestWpm) && saved.bestWpm >= 0) bestWpm = saved.bestWpm;
if (saved && Number.isInteger(saved.words) && saved.words >= 0) wordsEver = saved.words;
if (saved && Array.isArray(saved.recent)) recent = saved.recent.filter((n) => Number.isInteger(n) && n >= 0).slice(-5);
loaded = true;
renderStats();
