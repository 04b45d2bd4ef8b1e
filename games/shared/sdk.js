// The Hollowed game SDK, version 2: a game's only door to the portal that frames it. The game runs in
// a sandbox with an opaque origin, so this talks to the portal over postMessage alone; the portal checks
// every message again (src/domain/gameSdk.ts), so this side only has to be honest, not trusted.
// Protocol and usage: docs/game-sdk.md.

import { captureProof } from './proof.js';
import { createRoom, isRoomState } from './room.ts';

export const SDK_VERSION = 2;
/** The portal keeps at most this many UTF-8 bytes of JSON per save slot. */
export const SAVE_MAX_BYTES = 32 * 1024;
/**
 * How long a framed game waits for the portal's answer to its hello before it plays on alone. The
 * portal answers once it knows whose save to hand over, which a slow school laptop may take seconds to.
 */
const HANDSHAKE_MS = 10_000;
const SAVE_ANSWER_MS = 10_000;

const framed = window.parent !== window;
let portalOrigin = null;
let runId = null;
let gameId = null;
let muted = true;
let savedText = null;
let nextRequest = 1;
const answers = new Map();
const muteListeners = new Set();
let scoreRequestHandler = null;
let newGameHandler = null;
/** The two-player room this frame plays a seat of ({ room, receive } of room.ts), or null. */
let roomLink = null;
/** The achievements sent since the page loaded, and the highest value sent per run and stat. */
const unlocked = new Set();
const statsSent = new Map();
// The forms the portal accepts (src/domain/achievementDeclaration.ts): anything else is not sent.
const ACHIEVEMENT_ID = /^[a-z0-9][a-z0-9-]{0,47}$/;
const STAT_NAME = /^[a-z][a-z0-9_]{0,31}$/;

// The play clock of the current run, as the portal keeps its own (src/domain/gameRun.ts).
let runStartedAt = performance.now();
let activeMs = 0;
let playingSince = null;
let reported = false;

function post(message) {
  window.parent.postMessage({ ...message, version: SDK_VERSION }, portalOrigin ?? '*');
}

function newRun(id) {
  runId = id;
  const now = performance.now();
  runStartedAt = now;
  activeMs = 0;
  reported = playingSince !== null;
  if (playingSince !== null) playingSince = now;
}

function setMutedState(next) {
  if (next === muted) return;
  muted = next;
  for (const listener of muteListeners) listener(muted);
}

let settle;
const handshake = new Promise((resolve) => {
  settle = resolve;
});

function standalone() {
  settle({ framed: false, gameId: null, muted, save: null, room: null });
}

window.addEventListener('message', (event) => {
  // Only the frame's parent speaks for the portal; after the handshake, only from the origin it answered from.
  if (!framed || event.source !== window.parent) return;
  if (portalOrigin !== null && event.origin !== portalOrigin) return;
  const data = event.data;
  if (typeof data !== 'object' || data === null || data.version !== SDK_VERSION) return;
  switch (data.type) {
    case 'portal:init':
      if (portalOrigin !== null) return;
      portalOrigin = event.origin;
      gameId = typeof data.gameId === 'string' ? data.gameId : null;
      savedText = typeof data.save === 'string' ? data.save : null;
      setMutedState(data.muted !== false);
      newRun(data.runId);
      if (isRoomState(data.room)) roomLink = createRoom(data.room, post);
      settle({ framed: true, gameId, muted, save: parse(savedText), room: roomLink?.room ?? null });
      postFeatures();
      break;
    case 'portal:run':
      if (portalOrigin !== null && typeof data.runId === 'string') newRun(data.runId);
      break;
    case 'portal:mute':
      if (portalOrigin !== null) setMutedState(data.muted === true);
      break;
    case 'portal:score-request':
      if (portalOrigin !== null && scoreRequestHandler !== null) {
        const shown = scoreRequestHandler();
        if (shown) void sdk.currentScore(shown.score, shown);
      }
      break;
    case 'portal:room':
      // A frame opened for a game played alone stays so: only a room's frame hears its changes.
      if (portalOrigin !== null && roomLink !== null) roomLink.receive(data.room);
      break;
    case 'portal:new-game':
      if (portalOrigin !== null && newGameHandler !== null) newGameHandler();
      break;
    case 'portal:saved': {
      const answer = answers.get(data.requestId);
      if (answer) answer(data.ok === true ? { ok: true } : { ok: false, error: String(data.error ?? 'failed') });
      break;
    }
    default:
      break;
  }
});

// The page is shown once parsed, set up and given its frame's size (common.css hides it till then); each
// was seen moving things inside the frame, a layout shift the portal's page counts as its own (issue 27):
// - Under load Chromium painted a page parsed halfway (a header with two of its four scores), then the rest.
//   The game's code up to its first await runs in the same task as this, after parsing.
// - A frame in a process of its own starts with a 0 x 0 viewport until its size reaches it: a board fitted
//   to that moved when the size came (Minesweeper 0.089). Its resize event comes before the games'
//   ResizeObservers fit their boards again, in the same frame.
function showWhenSized() {
  if (window.innerWidth > 0 && window.innerHeight > 0) document.documentElement.dataset.ready = '';
  else window.addEventListener('resize', showWhenSized, { once: true });
}
showWhenSized();

if (framed) {
  // The portal's page already shows the game's name; a game's stylesheet may hide its own heading by this.
  document.documentElement.dataset.framed = '';
  post({ type: 'sdk:hello' });
  setTimeout(standalone, HANDSHAKE_MS);
} else {
  standalone();
}

/** Tells the portal what this game answers to, so it offers only the buttons that work. */
function postFeatures() {
  if (portalOrigin === null) return;
  post({ type: 'sdk:features', currentScore: scoreRequestHandler !== null, newGame: newGameHandler !== null });
}

function parse(text) {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function byteLength(text) {
  return new TextEncoder().encode(text).length;
}

async function whenConnected() {
  const result = await handshake;
  return result.framed;
}

/** Milliseconds of play in this run: the gameplay stretches, or the whole run when the game reports none. */
function playedMs(now) {
  if (!reported) return now - runStartedAt;
  return activeMs + (playingSince === null ? 0 : now - playingSince);
}

export const sdk = {
  version: SDK_VERSION,

  /**
   * Resolves once the portal has answered the handshake (or at once when the page is not framed):
   * { framed, gameId, muted, save, room }, save being what load() gives and room what `sdk.room` gives.
   */
  init() {
    return handshake;
  },

  /** The player is playing now (a game began, or play resumed after a pause). */
  gameplayStart() {
    if (playingSince !== null) return;
    playingSince = performance.now();
    reported = true;
    void whenConnected().then((connected) => connected && post({ type: 'sdk:gameplay-start' }));
  },

  /** Play stopped: paused, a menu, game over. */
  gameplayStop() {
    if (playingSince === null) return;
    activeMs += performance.now() - playingSince;
    playingSince = null;
    void whenConnected().then((connected) => connected && post({ type: 'sdk:gameplay-stop' }));
  },

  /**
   * Reports a finished run's score (a whole number; floored, at least 0). `options.canvas` is the play
   * area to capture as the proof; without one a score card is drawn. `options.resumed` says the game went
   * on from a save, so its score holds play from before this run's clock began. Resolves whether it was sent.
   */
  async score(value, options = {}) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    const whole = Math.max(0, Math.floor(value));
    const now = performance.now();
    const durationMs = Math.max(0, Math.round(playedMs(now)));
    const proof = framed ? captureProof(whole, options.canvas ?? null, options.title ?? document.title) : null;
    if (!(await whenConnected())) return false;
    post({ type: 'sdk:score', runId, score: whole, durationMs, resumed: options.resumed === true, proof });
    // The portal answers with the next run's id; the clock starts again now.
    activeMs = 0;
    runStartedAt = now;
    reported = playingSince !== null;
    if (playingSince !== null) playingSince = now;
    return true;
  },

  /**
   * Hands the portal the score on the screen now, mid-game, with a screenshot of `options.canvas` (or a
   * score card): the portal fills its score form with both. It closes no run. Resolves whether it was sent.
   */
  async currentScore(value, options = {}) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    const whole = Math.max(0, Math.floor(value));
    const proof = framed ? captureProof(whole, options.canvas ?? null, options.title ?? document.title) : null;
    if (!(await whenConnected())) return false;
    post({ type: 'sdk:current-score', score: whole, proof });
    return true;
  },

  /**
   * `handler()` answers the portal's "Use my score" with `{ score, canvas, title }` (canvas and title
   * optional, as for score()), or null when there is nothing to give. One handler; a new one replaces it.
   */
  onScoreRequest(handler) {
    scoreRequestHandler = handler;
    postFeatures();
  },

  /** `handler()` starts a new game when the student presses the portal's New game, keeping the best score. */
  onNewGame(handler) {
    newGameHandler = handler;
    postFeatures();
  },

  /**
   * Keeps `state` (anything JSON can hold) in the student's save slot for this game, replacing what was
   * there; null empties it. Resolves { ok: true } once stored, or { ok: false, error } with 'not-json',
   * 'too-large', 'storage-full', 'no-answer' or 'failed'. Unframed, the save lasts for this page only.
   */
  async save(state) {
    let text;
    try {
      text = JSON.stringify(state);
    } catch {
      return { ok: false, error: 'not-json' };
    }
    if (typeof text !== 'string') return { ok: false, error: 'not-json' };
    if (byteLength(text) > SAVE_MAX_BYTES) return { ok: false, error: 'too-large' };
    savedText = text;
    if (!(await whenConnected())) return { ok: true };
    const requestId = nextRequest++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => answer({ ok: false, error: 'no-answer' }), SAVE_ANSWER_MS);
      function answer(result) {
        clearTimeout(timer);
        answers.delete(requestId);
        resolve(result);
      }
      answers.set(requestId, answer);
      post({ type: 'sdk:save', requestId, state: text });
    });
  },

  /** The last saved state (from the portal at the handshake, or this page's latest save), or null. */
  async load() {
    await handshake;
    return parse(savedText);
  },

  /**
   * The two-player match this frame plays one seat of, once the handshake is done: { state, move(move),
   * on(event, handler) } (room.ts). Null before the handshake, for a game played alone, and on its own.
   */
  get room() {
    return roomLink?.room ?? null;
  },

  /**
   * Achievements (issue 29): `unlock(id)` tells the portal the player earned one this game declared in
   * its achievements.ts. The portal shows it at once and sends it with this run for the server to judge
   * (only a declared id, in this run, once per student). Each id is sent once per page load; call it
   * whenever the moment happens. Resolves whether it was sent.
   */
  achievements: {
    async unlock(id) {
      if (typeof id !== 'string' || !ACHIEVEMENT_ID.test(id) || unlocked.has(id)) return false;
      unlocked.add(id);
      if (!(await whenConnected())) return false;
      post({ type: 'sdk:achievement', runId, id });
      return true;
    },
  },

  /**
   * Stats (issue 29): `report(name, value)` gives a declared stat's value in this run so far (a whole
   * number that only grows within a run: the snake's length, the lines cleared since the run began).
   * The server holds it to the stat's pace and keeps the best run or adds up the runs, as declared.
   * Only a value above the last one sent for this run is sent. Resolves whether it was sent.
   */
  stats: {
    async report(name, value) {
      if (typeof name !== 'string' || !STAT_NAME.test(name)) return false;
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      const whole = Math.max(0, Math.floor(value));
      if (!(await whenConnected())) return false;
      const key = `${runId}:${name}`;
      if ((statsSent.get(key) ?? -1) >= whole) return false;
      statsSent.set(key, whole);
      post({ type: 'sdk:stat', runId, name, value: whole });
      return true;
    },
  },

  /** Whether the game must stay silent. Sound is off until the student turns it on in the portal. */
  get muted() {
    return muted;
  },

  /** Calls `listener(muted)` on every change; returns a function that stops it. */
  onMute(listener) {
    muteListeners.add(listener);
    return () => muteListeners.delete(listener);
  },

  /** The game's own sound button: asks the portal, which remembers the choice for every game. */
  setMuted(next) {
    if (portalOrigin === null) {
      setMutedState(Boolean(next));
      return;
    }
    post({ type: 'sdk:set-muted', muted: Boolean(next) });
  },
};
