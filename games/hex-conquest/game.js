import { sdk } from '../shared/sdk.js';
import { play as sound, soundButton } from '../shared/sound.js';
import { chooseMove, count, DIRECTIONS, distance, finalBoard, finalScore, HEXES, indexOf, isBoard, isLegal, newBoard, play } from './rules.ts';

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

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save keeps the best score and the board as the student's turn begins.
function persist() {
  if (!loaded) return;
  void sdk.save({ best, game: state === 'over' || state === 'ready' ? null : { board, level: levelSelect.value } });
}

const centre = ({ q, r }) => ({ x: SIZE * Math.sqrt(3) * (q + r / 2), y: SIZE * 1.5 * r });
const corners = (x, y) =>
  Array.from({ length: 6 }, (_, k) => {
    const a = (Math.PI / 180) * (60 * k - 30);
    return `${(x + (SIZE - 1.5) * Math.cos(a)).toFixed(1)},${(y + (SIZE - 1.5) * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

const span = SIZE * Math.sqrt(3) * 4.5 + SIZE;
boardEl.setAttribute('viewBox', `${-span} ${-SIZE * 7} ${span * 2} ${SIZE * 14}`);
const hexEls = HEXES.map((hex, i) => {
  const { x, y } = centre(hex);
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('class', 'hex');
  g.setAttribute('role', 'gridcell');
  g.dataset.i = String(i);
  const polygon = document.createElementNS(SVG_NS, 'polygon');
  polygon.setAttribute('points', corners(x, y));
  const circle = document.createElementNS(SVG_NS, 'circle');
  circle.setAttribute('cx', String(x));
  circle.setAttribute('cy', String(y));
  circle.setAttribute('r', '0');
  g.append(polygon, circle);
  g.addEventListener('click', () => {
    cursor = i;
    choose(i);
  });
  boardEl.append(g);
  return g;
});

function render() {
  HEXES.forEach((hex, i) => {
    const cell = board[i];
    const g = hexEls[i];
    const target = selected !== null && cell === '.' ? distance(HEXES[selected], hex) : 0;
    g.setAttribute('class', [
      'hex',
      cell === '#' ? 'hole' : cell === 'P' || cell === 'C' ? cell : '',
      i === selected ? 'selected' : '',
      target === 1 ? 'grow' : target === 2 ? 'jump' : '',
      i === cursor ? 'cursor' : '',
      i === lastTo ? 'last' : '',
    ].join(' '));
    g.querySelector('circle').setAttribute('r', cell === 'P' || cell === 'C' ? String(SIZE * 0.58) : '0');
    g.setAttribute('aria-label', cell === 'P' ? 'your piece' : cell === 'C' ? "computer's piece" : cell === '#' ? 'hole' : 'empty');
  });
  const mine = count(board, 'P');
  mineEl.textContent = String(mine);
  theirsEl.textContent = String(count(board, 'C'));
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
  if (board[i] === 'P') {
    selected = selected === i ? null : i;
    turnEl.textContent = selected === null ? 'Pick one of your blue pieces' : 'Now a green hexagon to grow, or a yellow one to jump';
    render();
    return;
  }
  if (selected === null) return;
  const move = { from: selected, to: i, jump: distance(HEXES[selected], HEXES[i]) === 2 };
  if (!isLegal(board, 'P', move)) return;
  if (state === 'ready') setState('playing');
  const result = play(board, 'P', move);
  board = result.board;
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

const KEY_STEPS = { ArrowLeft: DIRECTIONS[3], ArrowRight: DIRECTIONS[0], ArrowUp: DIRECTIONS[2], ArrowDown: DIRECTIONS[5] };
window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLSelectElement) return;
  const step = KEY_STEPS[event.code];
  if (step) {
    event.preventDefault();
    const { q, r } = HEXES[cursor];
    // Up and down zig-zag between the two hexagons above (or below) so a column can be walked.
    let next = indexOf(q + step.q, r + step.r);
    if (next === -1 && (event.code === 'ArrowUp' || event.code === 'ArrowDown')) next = indexOf(q - step.r, r + step.r);
    if (next !== -1) cursor = next;
    render();
  } else if (event.code === 'Enter' || event.code === 'Space') {
    event.preventDefault();
    if (state === 'over') reset();
    else choose(cursor);
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
boardEl.focus();
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
loaded = true;
const game = saved?.game;
if (game && isBoard(game.board) && ['easy', 'hard'].includes(game.level) && finalBoard(game.board, 'P') === null && state === 'ready') reset(game);
else {
  render();
  persist();
}
