import { Chess } from 'chess.js';
import { opponentName, resultText, roomStatus } from '../shared/roomText.ts';
import { sdk } from '../shared/sdk.js';
import { play, soundButton } from '../shared/sound.js';
import { capturedByWhite, chooseMove, gameScore } from './engine.ts';
import { colourOf, replay, uciOf } from './room.ts';
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
// The match against a classmate (sdk.room), or null against the computer; and its last replay.
let room = null, replayed = null;
// The games won against the computer on this device, for the long-haul achievement (the server counts its own).
let winsEver = 0;

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
  void sdk.save({ best, game: state === 'playing' ? { moves: game.history(), level: levelSelect.value } : null, wins: winsEver });
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
  const mine = room ? colourOf(room.state.seat) : 'w';
  if (thinking || state === 'over' || game.turn() !== mine) return;
  const piece = game.get(square);
  if (piece && piece.color === mine) {
    selected = selected === square ? null : square;
    render();
    return;
  }
  if (!selected) return;
  const move = game.moves({ square: selected, verbose: true }).find((m) => m.to === square);
  if (!move) return;
  if (room) {
    selected = null;
    // The room shows the move at once ('state'); a pawn on the last row becomes a queen, as against the computer.
    if (room.move(uciOf({ from: move.from, to: move.to, promotion: move.promotion ? 'q' : undefined }))) play(move.captured ? 'good' : 'move');
    return;
  }
  if (state === 'ready') setState('playing');
  const made = game.move({ from: move.from, to: move.to, promotion: move.promotion ? 'q' : undefined });
  // The achievements of achievements.ts a move earns: a queen made, a king castled (chess.js flags k and q).
  if (made.promotion) void sdk.achievements.unlock('promote');
  if (/[kq]/.test(made.flags)) void sdk.achievements.unlock('castle');
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

// A game is a run of its own (its score closes it): a win goes to the server before the unlocks that
// count it (the outbox keeps the order); the wins of every game on this device are kept in the save.
function won() {
  winsEver += 1;
  void sdk.stats.report('wins', 1);
  void sdk.achievements.unlock('first-win');
  if (levelSelect.value === 'hard') void sdk.achievements.unlock('beat-hard');
  if (winsEver >= 10) void sdk.achievements.unlock('wins-10');
}

/** Ends the game when it is over (or the student resigned); true when it was. */
function settle(resigned = false) {
  if (!resigned && !game.isGameOver()) return false;
  const history = game.history({ verbose: true });
  const moves = Math.ceil(history.length / 2);
  const result = resigned ? 'loss' : game.isCheckmate() ? (game.turn() === 'b' ? 'win' : 'loss') : 'draw';
  finalScore = gameScore(result, levelSelect.value, moves, capturedByWhite(history));
  if (result === 'win') won();
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

/** Plays the student's side of a match against a classmate: no computer, no score, no save. */
function playFriend(friend) {
  room = friend;
  document.body.dataset.room = '';
  const black = friend.state.seat === 1;
  if (black) {
    // Black at the bottom: the same squares, the other way round.
    boardEl.replaceChildren(...[...squares.values()].reverse());
    boardEl.setAttribute('aria-label', 'Chess board, Black at the bottom');
    cursor = 'e7';
  }
  document.getElementById('players').textContent = `You play ${black ? 'Black' : 'White'} against ${opponentName(friend.state)}`;
  friend.on('state', showRoom);
  friend.on('move', () => play('move'));
  friend.on('end', (result) => play(result.winner === friend.state.seat ? 'win' : 'over'));
  showRoom(friend.state);
}

/** The match as it stands: the position from its moves, whose turn it is, and the result once there is one. */
function showRoom(match) {
  replayed = replay(match.moves, replayed);
  game = replayed.game;
  if (selected && (match.turn !== match.seat || game.get(selected)?.color !== colourOf(match.seat))) selected = null;
  setState(match.result ? 'over' : match.moves.length > 0 ? 'playing' : 'ready');
  const status = roomStatus(match);
  statusEl.textContent = !match.result && match.turn === match.seat && game.inCheck() ? `Check! ${status}` : status;
  render();
  over.hidden = match.result === null;
  if (match.result) {
    document.getElementById('over-title').textContent = resultText(match.result, match.seat, match.players);
    document.getElementById('over-detail').textContent = `${Math.ceil(match.moves.length / 2)} moves: ${match.players[0]} played White, ${match.players[1]} Black.`;
  }
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
    // Seen from Black's side, up is down the board and left is right.
    const way = room?.state.seat === 1 ? -1 : 1;
    const [dx, dy] = steps[event.code].map((d) => d * way);
    const file = Math.max(0, Math.min(7, FILES.indexOf(cursor[0]) + dx));
    const rank = Math.max(1, Math.min(8, Number(cursor[1]) + dy));
    cursor = `${FILES[file]}${rank}`;
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
  stage.dataset.fitted = '';
  const box = stage.getBoundingClientRect();
  const cell = Math.max(28, Math.min(72, Math.floor((Math.min(box.width, box.height - 60) - 16) / 8)));
  boardEl.style.setProperty('--cell', `${cell}px`);
}

soundButton(document.getElementById('sound'));
reset();
new ResizeObserver(fit).observe(stage);
const { room: friend, save: saved } = await sdk.init();
if (friend) playFriend(friend);
else {
  if (saved && Number.isInteger(saved.best) && saved.best >= 0) best = saved.best;
  if (saved && Number.isInteger(saved.wins) && saved.wins >= 0) winsEver = saved.wins;
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
}
