import { Chess } from 'chess.js';
import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';
import { capturedByWhite, chooseMove, gameScore } from './engine.ts';
import { NAMES, pieceSvg } from './pieces.js';

const FILES = 'abcdefgh';
const THINK_MS = 60;

const boardEl = document.getElementById('game');
const stage = document.getElementById('stage');
const statusEl = document.getElementById('status');
const historyEl = document.getElementById('history');
const scoreEl = document.getElementById('score');
const movesEl = document.getElementById('moves');
const bestEl = document.getElementById('best');
const levelSelect = document.getElementById('level');
const over = document.getElementById('over');

let game = new Chess();
let state, selected = null, cursor = 'e2', thinking = false, best = 0, finalScore = 0, loaded = false;
const squares = new Map();

function setState(next) {
  state = next;
  document.body.dataset.state = next;
  if (next === 'playing') sdk.gameplayStart();
  else sdk.gameplayStop();
}

// The save keeps the best score and the game so far as its moves in algebraic notation (about 5 bytes
// a move), replayed on load.
function persist() {
  if (!loaded) return;
  void sdk.save({ best, game: state === 'playing' ? { moves: game.history(), level: levelSelect.value } : null });
}

for (let row = 0; row < 8; row += 1) {
  for (let col = 0; col < 8; col += 1) {
    const square = `${FILES[col]}${8 - row}`;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `sq ${(row + col) % 2 ? 'dark' : ''}`;
    b.dataset.square = square;
    b.tabIndex = -1;
    b.setAttribute('role', 'gridcell');
    b.addEventListener('click', () => {
      cursor = square;
      choose(square);
    });
    boardEl.append(b);
    squares.set(square, b);
  }
}

function render() {
  const history = game.history({ verbose: true });
  const last = history[history.length - 1];
  const targets = selected ? game.moves({ square: selected, verbose: true }) : [];
  const checkSquare = game.inCheck() ? game.findPiece({ type: 'k', color: game.turn() })[0] : null;
  for (const [square, b] of squares) {
    const piece = game.get(square);
    const target = targets.find((m) => m.to === square);
    b.className = [
      'sq',
      (FILES.indexOf(square[0]) + Number(square[1])) % 2 === 1 ? 'dark' : '',
      last && (last.from === square || last.to === square) ? 'last' : '',
      square === selected ? 'selected' : '',
      square === checkSquare ? 'check' : '',
      square === cursor ? 'cursor' : '',
      target ? 'target' : '',
      target?.captured ? 'capture' : '',
    ].join(' ');
    const key = piece ? piece.color + piece.type : '';
    if (b.dataset.piece !== key) {
      b.innerHTML = piece ? pieceSvg(piece.type, piece.color) : '';
      b.dataset.piece = key;
    }
    b.setAttribute('aria-label', `${square}${piece ? `, ${piece.color === 'w' ? 'white' : 'black'} ${NAMES[piece.type]}` : ''}`);
  }
  const sans = game.history();
  historyEl.textContent = sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');
  movesEl.textContent = String(Math.ceil(sans.length / 2));
  scoreEl.textContent = String(finalScore);
  bestEl.textContent = String(best);
  boardEl.dataset.fen = game.fen();
}

function reset(saved = null) {
  game = new Chess();
  if (saved) {
    for (const san of saved.moves) game.move(san);
    levelSelect.value = saved.level;
  }
  selected = null;
  thinking = false;
  finalScore = 0;
  over.hidden = true;
  setState(saved ? 'playing' : 'ready');
  statusEl.textContent = saved ? 'Your move: the game goes on' : 'You play White: pick a piece';
  render();
  persist();
}

function choose(square) {
  if (thinking || state === 'over' || game.turn() !== 'w') return;
  const piece = game.get(square);
  if (piece && piece.color === 'w') {
    selected = selected === square ? null : square;
    render();
    return;
  }
  if (!selected) return;
  const move = game.moves({ square: selected, verbose: true }).find((m) => m.to === square);
  if (!move) return;
  if (state === 'ready') setState('playing');
  game.move({ from: move.from, to: move.to, promotion: move.promotion ? 'q' : undefined });
  selected = null;
  play(move.captured ? 'good' : 'move');
  render();
  if (settle()) return;
  thinking = true;
  statusEl.textContent = 'The computer is thinking…';
  // Let the board show the student's move before the search holds the page.
  setTimeout(() => requestAnimationFrame(computerTurn), THINK_MS);
}

function computerTurn() {
  const choice = chooseMove(game, levelSelect.value);
  if (choice) {
    const move = game.move(choice);
    play(move.captured ? 'bad' : 'move');
  }
  thinking = false;
  render();
  if (settle()) return;
  statusEl.textContent = game.inCheck() ? 'Check! Your move' : 'Your move';
  persist();
}

/** Ends the game when it is over (or the student resigned); true when it was. */
function settle(resigned = false) {
  if (!resigned && !game.isGameOver()) return false;
  const history = game.history({ verbose: true });
  const moves = Math.ceil(history.length / 2);
  const result = resigned ? 'loss' : game.isCheckmate() ? (game.turn() === 'b' ? 'win' : 'loss') : 'draw';
  finalScore = gameScore(result, levelSelect.value, moves, capturedByWhite(history));
  setState('over');
  if (finalScore > best) best = finalScore;
  render();
  persist();
  const why = resigned ? 'You resigned' : game.isCheckmate() ? 'Checkmate' : game.isStalemate() ? 'Stalemate' : game.isThreefoldRepetition() ? 'Draw by repetition' : game.isInsufficientMaterial() ? 'Draw: too few pieces' : 'Draw';
  const title = resigned ? why : result === 'win' ? 'Checkmate: you win!' : result === 'loss' ? 'Checkmate: the computer wins' : why;
  statusEl.textContent = title;
  document.getElementById('over-title').textContent = `${title} · ${finalScore}`;
  document.getElementById('over-detail').textContent = `${moves} moves against the ${levelSelect.value} computer.`;
  over.hidden = false;
  document.getElementById('again').focus();
  play(result === 'win' ? 'win' : 'over');
  void sdk.score(finalScore, { title: `Chess (${levelSelect.value})` });
  return true;
}

function takeBack() {
  if (thinking || state !== 'playing') return;
  // Back to the student's previous turn: the computer's reply and the student's move.
  if (game.turn() === 'w' && game.history().length >= 2) {
    game.undo();
    game.undo();
  }
  selected = null;
  render();
  persist();
}

window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLSelectElement) return;
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (steps[event.code]) {
    event.preventDefault();
    const [dx, dy] = steps[event.code];
    const file = Math.max(0, Math.min(7, FILES.indexOf(cursor[0]) + dx));
    const rank = Math.max(1, Math.min(8, Number(cursor[1]) + dy));
    cursor = `${FILES[file]}${rank}`;
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
document.getElementById('undo').addEventListener('click', takeBack);
document.getElementById('resign').addEventListener('click', (event) => {
  event.currentTarget.blur();
  if (state === 'playing' && !thinking) settle(true);
});
document.getElementById('restart').addEventListener('click', () => reset());
document.getElementById('again').addEventListener('click', () => reset());
levelSelect.addEventListener('change', () => {
  levelSelect.blur();
  persist();
});

function fit() {
  const box = stage.getBoundingClientRect();
  const cell = Math.max(28, Math.min(72, Math.floor((Math.min(box.width, box.height - 60) - 16) / 8)));
  boardEl.style.setProperty('--cell', `${cell}px`);
}

soundButton(document.getElementById('sound'));
reset();
new ResizeObserver(fit).observe(stage);
const saved = await sdk.load();
if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
loaded = true;
let resumed = false;
const moves = saved?.game?.moves;
if (Array.isArray(moves) && moves.every((m) => typeof m === 'string') && ['easy', 'medium', 'hard'].includes(saved.game.level) && state === 'ready') {
  try {
    // A move chess.js does not accept throws: the save is from elsewhere, and the game starts afresh.
    reset(saved.game);
    resumed = !game.isGameOver() && game.turn() === 'w';
  } catch {
    resumed = false;
  }
}
if (!resumed) reset();
