import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';
import { accuracy, drill, FINGERS, LESSONS, lessonScore, PASS_ACCURACY, speed } from './rules.ts';

const ROWS = ['qwertyuiop', "asdfghjkl;", 'zxcvbnm,./'];
const LEFT = new Set([...'qwertasdfgzxcvb']);

const game = document.getElementById('game');
const lineEl = document.getElementById('line');
const fingerEl = document.getElementById('finger');
const keyboard = document.getElementById('keyboard');
const lessonSelect = document.getElementById('lesson');
const scoreEl = document.getElementById('score');
const accuracyEl = document.getElementById('accuracy');
const bestEl = document.getElementById('best');
const over = document.getElementById('over');

let lastPassed = false;
let state, text = '', at = 0, correct = 0, errors = 0, startedAt = 0, best = 0, unlocked = 0, lessonBest = {}, loaded = false;
const keys = new Map();
// Right keys pressed in every lesson on this device, for the long-haul achievements (the server counts its own).
let keysEver = 0;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save keeps the best score, the lessons opened and each one's best: the student picks up at the
// lesson they reached.
function persist() {
  if (loaded) void sdk.save({ best, unlocked, lesson: Number(lessonSelect.value), lessonBest, keys: keysEver });
}

for (const [r, row] of ROWS.entries()) {
  const rowEl = document.createElement('div');
  rowEl.className = 'row';
  for (const ch of row) {
    const key = document.createElement('button');
    key.type = 'button';
    key.className = 'key';
    key.textContent = ch;
    key.tabIndex = -1;
    if (r === 1) {
      key.classList.add('home');
      key.dataset.hand = LEFT.has(ch) ? 'left' : 'right';
      if (ch === 'f' || ch === 'j') key.classList.add('bump');
      key.addEventListener('pointerdown', (event) => {
        event.preventDefault();
        type(ch);
      });
    }
    rowEl.append(key);
    keys.set(ch, key);
  }
  keyboard.append(rowEl);
}
const space = document.createElement('button');
space.type = 'button';
space.className = 'key space home';
space.tabIndex = -1;
space.setAttribute('aria-label', 'space');
space.addEventListener('pointerdown', (event) => {
  event.preventDefault();
  type(' ');
});
const spaceRow = document.createElement('div');
spaceRow.className = 'row';
spaceRow.append(space);
keyboard.append(spaceRow);
keys.set(' ', space);

function fillLessons() {
  lessonSelect.replaceChildren(
    ...LESSONS.map((lesson, i) => {
      const option = document.createElement('option');
      option.value = String(i);
      option.disabled = i > unlocked;
      const mark = lessonBest[i] ? ` · best ${lessonBest[i]}` : i > unlocked ? ' (locked)' : '';
      option.textContent = `${i + 1}. ${lesson.title}${mark}`;
      return option;
    }),
  );
}

function renderLine() {
  lineEl.replaceChildren(
    ...[...text].map((ch, i) => {
      const span = document.createElement('span');
      span.textContent = ch === ' ' ? '␣' : ch;
      span.className = i < at ? 'done' : i === at ? 'now' : '';
      return span;
    }),
  );
  for (const key of keys.values()) key.classList.remove('target');
  const next = text[at];
  if (next !== undefined) {
    keys.get(next)?.classList.add('target');
    fingerEl.textContent = `${next === ' ' ? 'Space' : next.toUpperCase()}: ${FINGERS[next] ?? ''}`;
  }
  game.dataset.next = next ?? '';
}

function renderStats() {
  const result = { correct, errors, ms: performance.now() - startedAt };
  scoreEl.textContent = String(state === 'ready' ? 0 : lessonScore(result));
  accuracyEl.textContent = `${Math.round((correct + errors ? accuracy(result) : 1) * 100)}%`;
  bestEl.textContent = String(best);
}

function reset() {
  text = drill(Number(lessonSelect.value));
  at = 0;
  correct = 0;
  errors = 0;
  over.hidden = true;
  setState('ready');
  renderLine();
  renderStats();
  game.focus();
}

function type(ch) {
  if (state === 'over') return;
  if (state !== 'playing') {
    if (state === 'ready') startedAt = performance.now();
    setState('playing');
  }
  const key = keys.get(ch);
  if (ch === text[at]) {
    at += 1;
    correct += 1;
    play('tick');
    if (at >= text.length) {
      finish();
      return;
    }
  } else {
    errors += 1;
    play('bad');
    lineEl.children[at]?.classList.add('miss');
    if (key) {
      key.classList.add('wrong');
      setTimeout(() => key.classList.remove('wrong'), 250);
    }
    renderStats();
    return;
  }
  renderLine();
  renderStats();
}

// The achievements of achievements.ts. A lesson is a run of its own (its score closes it); its keys and,
// once passed, its number go to the server before the unlocks that need them (the outbox keeps the order).
function earned(index, passed) {
  keysEver += correct;
  void sdk.stats.report('keys', correct);
  if (keysEver >= 2000) void sdk.achievements.unlock('keys-2000');
  if (keysEver >= 10000) void sdk.achievements.unlock('keys-10000');
  if (!passed) return;
  void sdk.stats.report('lesson', index + 1);
  void sdk.achievements.unlock('first-lesson');
  if (index + 1 >= 4) void sdk.achievements.unlock('lesson-4');
  if (errors === 0) void sdk.achievements.unlock('eyes-closed');
}

function finish() {
  const result = { correct, errors, ms: performance.now() - startedAt };
  const score = lessonScore(result);
  const index = Number(lessonSelect.value);
  const passed = accuracy(result) >= PASS_ACCURACY;
  lastPassed = passed;
  setState('over');
  if (score > best) best = score;
  if (score > (lessonBest[index] ?? 0)) lessonBest[index] = score;
  if (passed && index === unlocked && unlocked < LESSONS.length - 1) unlocked += 1;
  earned(index, passed);
  renderStats();
  scoreEl.textContent = String(score);
  fillLessons();
  lessonSelect.value = String(index);
  document.getElementById('over-title').textContent = passed ? `Lesson ${index + 1} passed · ${score}` : `Lesson ${index + 1} · ${score}`;
  document.getElementById('over-detail').textContent =
    `${Math.round(accuracy(result) * 100)}% accuracy, ${speed(result)} keys a minute. ` +
    (passed ? (index < LESSONS.length - 1 ? 'The next lesson is open.' : 'You know the home row!') : 'Reach 90% accuracy to open the next lesson.');
  const again = document.getElementById('again');
  again.textContent = passed && index < unlocked ? 'Next lesson' : 'Try again';
  over.hidden = false;
  again.focus();
  persist();
  play(passed ? 'win' : 'over');
  void sdk.score(score, { title: `Home Row Hero · lesson ${index + 1}` });
}

window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLSelectElement || event.ctrlKey || event.metaKey || event.altKey) return;
  if (state === 'over') {
    if (event.code === 'Enter') {
      event.preventDefault();
      document.getElementById('again').click();
    }
    return;
  }
  if (event.key.length === 1) {
    event.preventDefault();
    type(event.key.toLowerCase());
  }
});
document.getElementById('again').addEventListener('click', () => {
  const index = Number(lessonSelect.value);
  if (lastPassed && index < unlocked) lessonSelect.value = String(index + 1);
  persist();
  reset();
});
document.getElementById('restart').addEventListener('click', (event) => {
  event.currentTarget.blur();
  reset();
});
lessonSelect.addEventListener('change', () => {
  lessonSelect.blur();
  persist();
  reset();
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden && state === 'playing') setState('paused');
});

soundButton(document.getElementById('sound'));
fillLessons();
reset();
// Drawn: the stage may show (common.css hides a data-fit stage until its first layout is its final one).
document.getElementById('stage').dataset.fitted = '';
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
if (saved && Number.isInteger(saved.keys) && saved.keys >= 0) keysEver = saved.keys;
if (saved && Number.isInteger(saved.unlocked)) unlocked = Math.max(0, Math.min(LESSONS.length - 1, saved.unlocked));
if (saved && typeof saved.lessonBest === 'object' && saved.lessonBest !== null) {
  for (const [i, v] of Object.entries(saved.lessonBest)) if (LESSONS[Number(i)] && Number.isInteger(v) && v > 0) lessonBest[i] = v;
}
loaded = true;
fillLessons();
const lesson = Number.isInteger(saved?.lesson) ? Math.min(saved.lesson, unlocked) : unlocked;
lessonSelect.value = String(Math.max(0, lesson));
if (state === 'ready') reset();
persist();
