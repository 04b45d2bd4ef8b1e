import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';
import { cleanMastery, nextQuestion, points, record, ROUND_SECONDS, stars, TABLES } from './rules.ts';

const FEEDBACK_MS = 450;

const game = document.getElementById('game');
const questionEl = document.getElementById('question');
const answerEl = document.getElementById('answer');
const scoreEl = document.getElementById('score');
const timeEl = document.getElementById('time');
const bestEl = document.getElementById('best');
const streakEl = document.getElementById('streak');
const starsEl = document.getElementById('stars');
const tablesSelect = document.getElementById('tables');
const goButton = document.querySelector('.pad .go');
const over = document.getElementById('over');

let state, question = null, typed = '', score = 0, streak = 0, right = 0, wrong = 0, best = 0, mastery = {};
// Right answers in every round on this device, for the long-haul achievement (the server counts its own).
let rightEver = 0;
let leftMs = ROUND_SECONDS * 1000, lastTick = 0, timer = null, waiting = false, loaded = false;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
  goButton.textContent = next === 'playing' ? 'Enter' : next === 'paused' ? 'Resume' : 'Start';
}

// The save keeps the best score, the tables chosen and what the student knows of every fact.
function persist() {
  if (loaded) void sdk.save({ best, tables: tablesSelect.value, mastery, right: rightEver });
}

function chosenTables() {
  return tablesSelect.value === 'mixed' ? [...TABLES] : tablesSelect.value.split(',').map(Number);
}

function renderStars() {
  starsEl.replaceChildren(
    ...TABLES.map((t) => {
      const li = document.createElement('li');
      const n = stars(mastery, t);
      li.innerHTML = `×${t} <b aria-label="${n} of 3 stars">${'★'.repeat(n)}${'☆'.repeat(3 - n)}</b>`;
      return li;
    }),
  );
}

function render() {
  scoreEl.textContent = String(score);
  timeEl.textContent = String(Math.ceil(leftMs / 1000));
  bestEl.textContent = String(best);
  answerEl.textContent = typed;
  streakEl.textContent = streak >= 3 ? `${streak} in a row: +${points(streak)} a question` : '';
  game.dataset.question = question ? `${question.a}x${question.b}` : '';
}

function reset() {
  stopTimer();
  score = 0;
  streak = 0;
  right = 0;
  wrong = 0;
  typed = '';
  question = null;
  waiting = false;
  leftMs = ROUND_SECONDS * 1000;
  over.hidden = true;
  questionEl.textContent = 'Press Enter or tap Start';
  answerEl.className = 'answer';
  setState('ready');
  render();
}

function ask() {
  question = nextQuestion(chosenTables(), mastery, question);
  typed = '';
  answerEl.className = 'answer';
  questionEl.textContent = `${question.a} × ${question.b} = ?`;
  render();
}

function startTimer() {
  lastTick = performance.now();
  timer = setInterval(() => {
    const now = performance.now();
    leftMs -= now - lastTick;
    lastTick = now;
    if (leftMs <= 0) finish();
    else render();
  }, 100);
}

function stopTimer() {
  clearInterval(timer);
  timer = null;
}

function start() {
  if (state === 'over') reset();
  if (state === 'ready') {
    setState('playing');
    ask();
  } else if (state === 'paused') {
    setState('playing');
  }
  startTimer();
}

function submit() {
  if (state !== 'playing') {
    start();
    return;
  }
  if (waiting || typed === '') return;
  const correct = Number(typed) === question.a * question.b;
  mastery = record(mastery, question, correct);
  if (correct) {
    score += points(streak);
    streak += 1;
    right += 1;
    answeredRight();
    answerEl.className = 'answer right';
    play('good');
    ask();
  } else {
    streak = 0;
    wrong += 1;
    waiting = true;
    answerEl.className = 'answer wrong';
    questionEl.textContent = `${question.a} × ${question.b} = ${question.a * question.b}`;
    play('bad');
    render();
    setTimeout(() => {
      waiting = false;
      if (state === 'playing') ask();
    }, FEEDBACK_MS * 2);
  }
  render();
}

function key(k) {
  if (k === 'enter') submit();
  else if (state !== 'playing' || waiting) return;
  else if (k === 'back') typed = typed.slice(0, -1);
  else if (typed.length < 3) typed += k;
  render();
}

// The achievements of achievements.ts. A round is a run of its own (its score closes it); a stat goes
// before the unlock that needs it (the outbox keeps the order), at the moments a threshold may be
// crossed and at the end of the round, not at every answer.
function answeredRight() {
  rightEver += 1;
  if (right === 1) {
    void sdk.stats.report('correct', right);
    void sdk.achievements.unlock('first-answer');
  }
  if (streak === 20) {
    void sdk.stats.report('streak', streak);
    void sdk.achievements.unlock('streak-20');
  }
  if (stars(mastery, 12) === 3) void sdk.achievements.unlock('twelves');
}

function finish() {
  void sdk.stats.report('correct', right);
  if (rightEver >= 1000) void sdk.achievements.unlock('correct-1000');
  if (right >= 10 && wrong === 0) void sdk.achievements.unlock('flawless-minute');
  stopTimer();
  leftMs = 0;
  setState('over');
  if (score > best) best = score;
  render();
  renderStars();
  persist();
  const asked = right + wrong;
  document.getElementById('over-title').textContent = `Time! ${score} points`;
  document.getElementById('over-detail').textContent = `${right} right of ${asked} (${asked ? Math.round((right / asked) * 100) : 0}%).`;
  over.hidden = false;
  document.getElementById('again').focus();
  play('win');
  void sdk.score(score, { title: 'Times Table Dash' });
}

function pause() {
  if (state !== 'playing') return;
  stopTimer();
  setState('paused');
  questionEl.textContent = 'Paused: press Enter to go on';
}

window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLSelectElement) return;
  if (/^(Digit|Numpad)\d$/.test(event.code)) key(event.code.slice(-1));
  else if (event.code === 'Backspace') key('back');
  else if (event.code === 'Enter' || event.code === 'NumpadEnter' || (event.code === 'Space' && state !== 'playing')) key('enter');
  else if (event.code === 'Escape' || event.code === 'KeyP') pause();
  else return;
  event.preventDefault();
});
for (const button of document.querySelectorAll('.pad button')) {
  button.addEventListener('click', () => key(button.dataset.key));
}
document.getElementById('restart').addEventListener('click', (event) => {
  reset();
  event.currentTarget.blur();
});
document.getElementById('again').addEventListener('click', () => reset());
tablesSelect.addEventListener('change', () => {
  reset();
  persist();
  tablesSelect.blur();
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden) pause();
});

soundButton(document.getElementById('sound'));
reset();
// The table of stars is drawn before the save arrives, so the card has its final size from its first
// paint (filled in later, it grew the card and moved it: a layout shift in the portal's page).
renderStars();
document.getElementById('stage').dataset.fitted = '';
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
if (saved && Number.isInteger(saved.right) && saved.right >= 0) rightEver = saved.right;
if (saved && [...tablesSelect.options].some((o) => o.value === saved.tables)) tablesSelect.value = saved.tables;
mastery = cleanMastery(saved?.mastery);
loaded = true;
renderStars();
render();
