import { useState } from 'react';
import { loadGameSoundOn, storeGameSoundOn } from './soundPreference.ts';

/**
 * The portal-wide mute, outside any game: the same device-wide choice as a game's "Sound" button, so a
 * student can silence every game before opening one. Games from other sites play their own sound.
 */
export function GameSoundSetting() {
  const [on, setOn] = useState(loadGameSoundOn);
  const change = (next: boolean) => {
    storeGameSoundOn(next);
    setOn(next);
  };
  return (
    <section className="form-card" aria-labelledby="game-sound-heading" data-testid="game-sound-setting">
      <h2 id="game-sound-heading">Game sound</h2>
      <p>
        {on
          ? 'The portal’s own games play sound on this device.'
          : 'The portal’s own games are muted on this device. Games from other sites play their own sound.'}
      </p>
      <button type="button" className="button secondary" aria-pressed={!on} onClick={() => change(!on)} data-testid="game-sound-toggle">
        {on ? 'Mute games' : 'Turn game sound on'}
      </button>
    </section>
  );
}
