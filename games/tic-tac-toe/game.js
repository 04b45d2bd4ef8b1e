import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';
import { opponentName, resultText, roomStatus } from '../shared/roomText.ts';
import { boardOf, markOf } from './room.ts';
import { computerMove, isBoard, LINES, outcome, roundPoints } from './rules.ts';

const THINK_MS = 320;
const NEXT_ROUND_MS = 900;
const X_SVG = '<svg viewBox="0 0 100 100" aria-hidden="true"><path class="mark" d="M22 22 78 78M78 22 22 78" stroke="#2563eb" stroke-width="14" stroke-linecap="round" fill="none"/></svg>';
const O_SVG = '<svg viewBox="0 0 100 100" aria-hidden="true"><circle class="mark" cx="50" cy="50" r="30" stroke="#f59e0b" stroke-width="14" fill="none"/></svg>';

const boardEl = document.getElementById('game');
const stage = document.getElementById('stage');
const turnEl = document.getElementById('turn');
const scoreEl = document.getElementById('score');
const winsEl = document.getElementById('wins');
const bestEl = document.getElementById('best');
const levelSelect = document.getElementById('level');
const over = document.getElementById('over');

let board, score, wins, draws, state, best = 0, cursor = 4, busy = false, loaded = false;
// Whether this match went on from a save: its score then holds rounds from before the portal's clock of the run.
let resumed = false;
// The match against a classmate (sdk.room), or null against the computer.
let room = null;
// For the achievements: this run's wins and draws (since the match began or went on from a save), every
// game's on this device, and whether the student's last move of this round threatened two lines at once.
let winsThisRun = 0;
let drawsThisRun = 0;
let winsEver = 0;
let drawsEver = 0;
let forked = false;
const cells = [];

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save keeps the best score and the match in progress, the board as it stands.
function persist() {
  if (!loaded) return;
  const match = state === 'playing' ? { board, score, wins, draws, level: levelSelect.value } : null;
  void sdk.save({ best, match, wins: winsEver, draws: drawsEver });
}

for (let i = 0; i < 9; i += 1) {
  const cell = document.createElement('button');
  cell.type = 'button';
  cell.className = 'cell';
  cell.dataset.i = String(i);
  cell.setAttribute('role', 'gridcell');
  cell.tabIndex = i === cursor ? 0 : -1;
  cell.addEventListener('click', () => place(i));
  boardEl.append(cell);
  cells.push(cell);
}

function render(line = []) {
  const mine = room ? markOf(room.state.seat) : 'X';
  const theirs = room ? opponentName(room.state) : 'the computer';
  board.forEach((mark, i) => {
    const cell = cells[i];
    if (cell.dataset.mark !== mark) {
      cell.innerHTML = mark === 'X' ? X_SVG : mark === 'O' ? O_SVG : '';
      cell.dataset.mark = mark;
    }
    cell.classList.toggle('win', line.includes(i));
    cell.disabled = mark !== '' || state === 'over';
    cell.setAttribute('aria-label', `Square ${i + 1}: ${mark === '' ? 'empty' : `${mark}, ${mark === mine ? 'yours' : theirs}`}`);
  });
  boardEl.dataset.board = board.map((m) => m || '-').join('');
  scoreEl.textContent = String(score);
  winsEl.textContent = String(wins);
  bestEl.textContent = String(best);
}

function newRound() {
  board = Array(9).fill('');
  forked = false;
  busy = false;
  turnEl.textContent = 'Your move: you are X';
  render();
}

function newMatch() {
  resumed = false;
  winsThisRun = 0;
  drawsThisRun = 0;
  score = 0;
  wins = 0;
  draws = 0;
  over.hidden = true;
  setState('ready');
  newRound();
  persist();
}

function place(i) {
  if (room) {
    // The room shows the move at once ('state'), and takes none out of turn.
    if (board[i] === '' && room.move(String(i))) play('move');
    return;
  }
  if (busy || state === 'over' || board[i] !== '') return;
  if (state === 'ready') setState('playing');
  board[i] = 'X';
  forked = LINES.filter((line) => line.filter((j) => board[j] === 'X').length === 2 && line.some((j) => board[j] === '')).length >= 2;
  play('move');
  render();
  if (settle()) return;
  busy = true;
  turnEl.textContent = 'The computer is thinking…';
  setTimeout(() => {
    board[computerMove(board, levelSelect.value)] = 'O';
    busy = false;
    render();
    if (!settle()) {
      turnEl.textContent = 'Your move';
      persist();
    }
  }, THINK_MS);
}

/** Ends the round if it is over; true when it was. */
function settle() {
  const result = outcome(board);
  if (result === null) return false;
  const level = levelSelect.value;
  earned(result, level);
  if (result === 'draw') {
    draws += 1;
    score += roundPoints('draw', level);
    turnEl.textContent = `A draw: +${roundPoints('draw', level)}`;
    play('good');
  } else if (result.winner === 'X') {
    wins += 1;
    score += roundPoints('win', level);
    turnEl.textContent = `You win the round: +${roundPoints('win', level)}`;
    play('win');
  } else {
    render(result.line);
    endMatch();
    return true;
  }
  render(result === 'draw' ? [] : result.line);
  busy = true;
  setTimeout(() => {
    newRound();
    persist();
  }, NEXT_ROUND_MS);
  return true;
}

// The achievements of achievements.ts. The run's count goes before the unlock that needs it (the
// outbox keeps the order); the long-haul ones count every game on this device, the server its own.
function earned(result, level) {
  if (result === 'draw') {
    drawsThisRun += 1;
    drawsEver += 1;
    void sdk.stats.report('draws', drawsThisRun);
    if (level === 'hard') void sdk.achievements.unlock('hold-unbeatable');
    if (drawsEver >= 10) void sdk.achievements.unlock('draws-10');
  } else if (result.winner === 'X') {
    winsThisRun += 1;
    winsEver += 1;
    void sdk.stats.report('wins', winsThisRun);
    void sdk.achievements.unlock('first-win');
    if (forked) void sdk.achievements.unlock('corner-trap');
    if (winsEver >= 50) void sdk.achievements.unlock('wins-50');
  }
}

function endMatch() {
  setState('over');
  if (score > best) best = score;
  render(outcome(board)?.line ?? []);
  turnEl.textContent = 'The computer wins this round';
  document.getElementById('over-title').textContent = `Match over · ${score}`;
  document.getElementById('over-detail').textContent = `${wins} ${wins === 1 ? 'win' : 'wins'} and ${draws} ${draws === 1 ? 'draw' : 'draws'} before the computer won one.`;
  over.hidden = false;
  document.getElementById('again').focus();
  play('over');
  persist();
  void sdk.score(score, { title: `Tic Tac Toe (${levelSelect.value === 'hard' ? 'unbeatable' : 'easy'})`, resumed });
}

/** Plays the student's seat of a match against a classmate: no computer, no score, no save. */
function playFriend(friend) {
  room = friend;
  document.body.dataset.room = '';
  document.getElementById('players').textContent = `You play ${markOf(friend.state.seat)} against ${opponentName(friend.state)}`;
  friend.on('state', showRoom);
  friend.on('move', () => play('move'));
  friend.on('end', (result) => play(result.winner === friend.state.seat ? 'win' : result.winner === null ? 'good' : 'over'));
  showRoom(friend.state);
}

/** The match as it stands: the board from its moves, whose turn it is, and the result once there is one. */
function showRoom(match) {
  board = boardOf(match.moves) ?? board;
  setState(match.result ? 'over' : match.moves.length > 0 ? 'playing' : 'ready');
  turnEl.textContent = roomStatus(match);
  const result = outcome(board);
  render(result && result !== 'draw' ? result.line : []);
  over.hidden = match.result === null;
  if (match.result) {
    document.getElementById('over-title').textContent = resultText(match.result, match.seat, match.players);
    document.getElementById('over-detail').textContent = `${match.players[0]} played X, ${match.players[1]} played O.`;
  }
}

function focusCell(i) {
  cells[cursor].tabIndex = -1;
  cursor = i;
  cells[cursor].tabIndex = 0;
  cells[cursor].focus();
}

window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLSelectElement) return;
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (moves[event.code]) {
    event.preventDefault();
    const [dx, dy] = moves[event.code];
    const x = (cursor % 3 + dx + 3) % 3;
    const y = (Math.floor(cursor / 3) + dy + 3) % 3;
    focusCell(y * 3 + x);
  } else if (/^Digit[1-9]$/.test(event.code) || /^Numpad[1-9]$/.test(event.code)) {
    const i = Number(event.code.slice(-1)) - 1;
    focusCell(i);
    place(i);
  } else if ((event.code === 'Enter' || event.code === 'Space') && event.target === document.body) {
    event.preventDefault();
    if (state !== 'over') place(cursor);
    else if (!room) newMatch();
  }
});
document.getElementById('restart').addEventListener('click', newMatch);
document.getElementById('again').addEventListener('click', () => {
  newMatch();
  focusCell(4);
});
levelSelect.addEventListener('change', () => {
  newMatch();
  levelSelect.blur();
});

function fit() {
  stage.dataset.fitted = '';
  const box = stage.getBoundingClientRect();
  const side = Math.max(60, Math.min(130, Math.floor((Math.min(box.width, box.height - 50) - 48) / 3)));
  boardEl.style.setProperty('--cell', `${side}px`);
}

soundButton(document.getElementById('sound'));
newMatch();
new ResizeObserver(fit).observe(stage);
const { room: friend, save: saved } = await sdk.init();
if (friend) playFriend(friend);
else {
  if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
  if (saved && Number.isInteger(saved.wins) && saved.wins >= 0) winsEver = saved.wins;
  if (saved && Number.isInteger(saved.draws) && saved.draws >= 0) drawsEver = saved.draws;
  loaded = true;
  const match = saved?.match;
  if (match && isBoard(match.board) && outcome(match.board) === null && ['easy', 'hard'].includes(match.level)
    && [match.score, match.wins, match.draws].every((n) => Number.isInteger(n) && n >= 0) && state === 'ready') {
    levelSelect.value = match.level;
    board = match.board;
    score = match.score;
    wins = match.wins;
    draws = match.draws;
    resumed = true;
    setState('playing');
    turnEl.textContent = 'Your move: the match goes on';
  }
  render();
  persist();
}
