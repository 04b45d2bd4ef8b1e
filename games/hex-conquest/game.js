import { opponentName, resultText, roomStatus } from '../shared/roomText.ts';
import { sdk } from '../shared/sdk.js';
import { play as sound, soundButton } from '../shared/sound.js';
import { boardOf, moveText, sideOf } from './room.ts';
import { chooseMove, count, DIRECTIONS, distance, finalBoard, finalScore, HEXES, indexOf, isBoard, isLegal, newBoard, other, play } from './rules.ts';

const SIZE = 30;
const THINK_MS = 450;
const SVG_NS = 'http://www.w3.org/2000/svg';

const boardEl = document.getElementById('game');
const turnEl = document.getElementById('turn');
const scoreEl = document.getElementById('score');
const mineEl = document.getElementById('mine');
const theirsEl = document.getElementById('theirs');
const bestEl = document.getElementById('best');
const levelSelect = document.getElementById('level');
const over = document.getElementById('over');

let board, state, selected = null, cursor = indexOf(0, -4), lastTo = -1, thinking = false, best = 0, loaded = false;
// The match against a classmate (sdk.room), or null against the computer. The student's side is `me`,
// drawn blue and, turned half round for the second seat, starting where the first seat's pieces do.
let room = null, me = 'P', turned = false;
// The games won against the computer on this device, for the long-haul achievement (the server counts its own).
let winsEver = 0;

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save keeps the best score and the board as the student's turn begins.
function persist() {
  if (!loaded) return;
  void sdk.save({ best, game: state === 'over' || state === 'ready' ? null : { board, level: levelSelect.value }, wins: winsEver });
}

const centre = ({ q, r }) => {
  const way = turned ? -1 : 1;
  return { x: way * SIZE * Math.sqrt(3) * (q + r / 2), y: way * SIZE * 1.5 * r };
};
const corners = (x, y) =>
  Array.from({ length: 6 }, (_, k) => {
    const a = (Math.PI / 180) * (60 * k - 30);
    return `${(x + (SIZE - 1.5) * Math.cos(a)).toFixed(1)},${(y + (SIZE - 1.5) * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

const span = SIZE * Math.sqrt(3) * 4.5 + SIZE;
boardEl.setAttribute('viewBox', `${-span} ${-SIZE * 7} ${span * 2} ${SIZE * 14}`);
const hexEls = HEXES.map((hex, i) => {
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('class', 'hex');
  g.setAttribute('role', 'gridcell');
  g.dataset.i = String(i);
  const polygon = document.createElementNS(SVG_NS, 'polygon');
  const circle = document.createElementNS(SVG_NS, 'circle');
  circle.setAttribute('r', '0');
  g.append(polygon, circle);
  g.addEventListener('click', () => {
    cursor = i;
    choose(i);
  });
  boardEl.append(g);
  return g;
});

function placeHexes() {
  HEXES.forEach((hex, i) => {
    const { x, y } = centre(hex);
    hexEls[i].querySelector('polygon').setAttribute('points', corners(x, y));
    const circle = hexEls[i].querySelector('circle');
    circle.setAttribute('cx', String(x));
    circle.setAttribute('cy', String(y));
  });
}
placeHexes();

function render() {
  const theirs = room ? `${opponentName(room.state)}'s piece` : "computer's piece";
  HEXES.forEach((hex, i) => {
    const cell = board[i];
    const g = hexEls[i];
    const target = selected !== null && cell === '.' ? distance(HEXES[selected], hex) : 0;
    // The classes colour the student's pieces (P) blue and the other side's (C) red, whichever side is whose.
    g.setAttribute('class', [
      'hex',
      cell === '#' ? 'hole' : cell === me ? 'P' : cell === other(me) ? 'C' : '',
      i === selected ? 'selected' : '',
      target === 1 ? 'grow' : target === 2 ? 'jump' : '',
      i === cursor ? 'cursor' : '',
      i === lastTo ? 'last' : '',
    ].join(' '));
    g.querySelector('circle').setAttribute('r', cell === 'P' || cell === 'C' ? String(SIZE * 0.58) : '0');
    g.setAttribute('aria-label', cell === me ? 'your piece' : cell === other(me) ? theirs : cell === '#' ? 'hole' : 'empty');
  });
  const mine = count(board, me);
  mineEl.textContent = String(mine);
  theirsEl.textContent = String(count(board, other(me)));
  scoreEl.textContent = String(state === 'over' ? finalScore(board) : mine * 10);
  bestEl.textContent = String(best);
  boardEl.dataset.board = board;
}

function reset(saved = null) {
  board = saved ? saved.board : newBoard();
  if (saved) levelSelect.value = saved.level;
  selected = null;
  lastTo = -1;
  thinking = false;
  over.hidden = true;
  setState(saved ? 'playing' : 'ready');
  turnEl.textContent = saved ? 'Your move: the game goes on' : 'Your move: pick one of your blue pieces';
  render();
  persist();
}

function choose(i) {
  if (thinking || state === 'over') return;
  if (room && room.state.turn !== room.state.seat) return;
  if (board[i] === me) {
    selected = selected === i ? null : i;
    turnEl.textContent = selected === null ? 'Pick one of your blue pieces' : 'Now a green hexagon to grow, or a yellow one to jump';
    render();
    return;
  }
  if (selected === null) return;
  const move = { from: selected, to: i, jump: distance(HEXES[selected], HEXES[i]) === 2 };
  if (!isLegal(board, me, move)) return;
  if (room) {
    selected = null;
    // The room shows the move at once ('state').
    if (room.move(moveText(move))) sound('move');
    return;
  }
  if (state === 'ready') setState('playing');
  const result = play(board, 'P', move);
  board = result.board;
  // The achievements of achievements.ts a move earns: five pieces turned at once, a jump.
  if (result.converted >= 5) void sdk.achievements.unlock('big-turn');
  if (move.jump) void sdk.achievements.unlock('long-jump');
  selected = null;
  lastTo = i;
  sound(result.converted ? 'good' : 'move');
  render();
  if (settle('C')) return;
  thinking = true;
  turnEl.textContent = 'The computer is thinking…';
  setTimeout(computerTurn, THINK_MS);
}

function computerTurn() {
  const move = chooseMove(board, 'C', levelSelect.value);
  if (move) {
    const result = play(board, 'C', move);
    board = result.board;
    lastTo = move.to;
    if (result.converted) sound('bad');
  }
  thinking = false;
  render();
  if (settle('P')) return;
  turnEl.textContent = `Your move${move ? '' : ': the computer could not move'}`;
  persist();
}

// A game is a run of its own (its score closes it): a win goes to the server before the unlocks that
// count it (the outbox keeps the order); the wins of every game on this device are kept in the save.
function won(theirs) {
  winsEver += 1;
  void sdk.stats.report('wins', 1);
  void sdk.achievements.unlock('first-win');
  if (theirs === 0) void sdk.achievements.unlock('shutout');
  if (winsEver >= 10) void sdk.achievements.unlock('wins-10');
}

/** Ends the game if `toMove` cannot go on; true when it ended. */
function settle(toMove) {
  const end = finalBoard(board, toMove);
  if (end === null) return false;
  board = end;
  setState('over');
  const score = finalScore(board);
  const mine = count(board, 'P');
  const theirs = count(board, 'C');
  if (score > best) best = score;
  if (mine > theirs) won(theirs);
  render();
  persist();
  const verdict = mine > theirs ? 'You win!' : mine === theirs ? 'A draw' : 'The computer wins';
  turnEl.textContent = verdict;
  document.getElementById('over-title').textContent = `${verdict} · ${score}`;
  document.getElementById('over-detail').textContent = `${mine} hexagons to ${theirs}.`;
  over.hidden = false;
  document.getElementById('again').focus();
  sound(mine > theirs ? 'win' : 'over');
  void sdk.score(score, { title: `Hex Conquest (${levelSelect.value})` });
  return true;
}

/** Plays the student's side of a match against a classmate: no computer, no score, no save. */
function playFriend(friend) {
  room = friend;
  document.body.dataset.room = '';
  me = sideOf(friend.state.seat);
  if (friend.state.seat === 1) {
    turned = true;
    placeHexes();
    cursor = indexOf(0, 4);
  }
  const name = opponentName(friend.state);
  document.getElementById('theirs-name').textContent = name;
  document.getElementById('players').textContent = `You play blue against ${name}, red`;
  friend.on('state', showRoom);
  friend.on('move', () => sound('move'));
  friend.on('end', (result) => sound(result.winner === friend.state.seat ? 'win' : 'over'));
  showRoom(friend.state);
}

/** The match as it stands: the board from its moves, whose turn it is, and the result once there is one. */
function showRoom(match) {
  const replayed = boardOf(match.moves);
  if (replayed) ({ board, lastTo } = replayed);
  if (match.turn !== match.seat) selected = null;
  setState(match.result ? 'over' : match.moves.length > 0 ? 'playing' : 'ready');
  turnEl.textContent = roomStatus(match);
  render();
  over.hidden = match.result === null;
  if (match.result) {
    document.getElementById('over-title').textContent = resultText(match.result, match.seat, match.players);
    document.getElementById('over-detail').textContent = `${count(board, me)} hexagons to ${count(board, other(me))}.`;
  }
}

const KEY_STEPS = { ArrowLeft: DIRECTIONS[3], ArrowRight: DIRECTIONS[0], ArrowUp: DIRECTIONS[2], ArrowDown: DIRECTIONS[5] };
window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLSelectElement) return;
  const step = KEY_STEPS[event.code];
  if (step) {
    event.preventDefault();
    const { q, r } = HEXES[cursor];
    // On a board turned half round, each way on the screen is the opposite way on the board.
    const way = turned ? -1 : 1;
    const [dq, dr] = [way * step.q, way * step.r];
    // Up and down zig-zag between the two hexagons above (or below) so a column can be walked.
    let next = indexOf(q + dq, r + dr);
    if (next === -1 && (event.code === 'ArrowUp' || event.code === 'ArrowDown')) next = indexOf(q - dr, r + dr);
    if (next !== -1) cursor = next;
    render();
  } else if (event.code === 'Enter' || event.code === 'Space') {
    event.preventDefault();
    if (state !== 'over') choose(cursor);
    else if (!room) reset();
  } else if (event.code === 'Escape') {
    selected = null;
    render();
  }
});
document.getElementById('restart').addEventListener('click', () => reset());
document.getElementById('again').addEventListener('click', () => reset());
levelSelect.addEventListener('change', () => {
  levelSelect.blur();
  reset();
});

soundButton(document.getElementById('sound'));
reset();
// Drawn: the stage may show (common.css hides a data-fit stage until its first layout is its final one).
document.getElementById('stage').dataset.fitted = '';
boardEl.focus();
const { room: friend, save: saved } = await sdk.init();
if (friend) playFriend(friend);
else {
  if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
  if (saved && Number.isInteger(saved.wins) && saved.wins >= 0) winsEver = saved.wins;
  loaded = true;
  const game = saved?.game;
  if (game && isBoard(game.board) && ['easy', 'hard'].includes(game.level) && finalBoard(game.board, 'P') === null && state === 'ready') reset(game);
  else {
    render();
    persist();
  }
}
