// Short synthesised sounds (no audio files to fetch), silent while the SDK says muted: sound is off
// until the student turns it on, in the portal or with the game's own button.

import { sdk } from './sdk.js';

const TONES = {
  move: [[520, 0.05]],
  good: [[660, 0.07], [880, 0.09]],
  bad: [[220, 0.12]],
  win: [[523, 0.09], [659, 0.09], [784, 0.09], [1047, 0.16]],
  over: [[392, 0.1], [311, 0.1], [262, 0.18]],
  tick: [[1200, 0.02]],
};

let context = null;

/** Plays one of the named sounds: move, good, bad, win, over, tick. */
export function play(name) {
  if (sdk.muted) return;
  const tones = TONES[name];
  if (!tones) return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    let at = context.currentTime;
    for (const [frequency, seconds] of tones) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'triangle';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + seconds + 0.02);
      at += seconds;
    }
  } catch {
    // No audio on this machine: the game plays on in silence.
  }
}

const SPEAKER = '<path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor"/>';
const WAVES = '<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';
const CROSS = '<path d="m16 9 6 6m0-6-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';

/** Turns a header button into the game's sound toggle, kept in step with the portal's. */
export function soundButton(button) {
  const show = (muted) => {
    button.innerHTML = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}${muted ? CROSS : WAVES}</svg>`;
    button.setAttribute('aria-label', muted ? 'Sound off: turn on' : 'Sound on: turn off');
    button.setAttribute('aria-pressed', String(!muted));
    button.title = muted ? 'Sound off' : 'Sound on';
  };
  show(sdk.muted);
  sdk.onMute(show);
  button.addEventListener('click', (event) => {
    sdk.setMuted(!sdk.muted);
    event.currentTarget.blur();
  });
}
