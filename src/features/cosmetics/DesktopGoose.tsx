import { useState } from 'react';
import { useGoose } from '../../state/cosmetics.ts';
import './goose.css';

/** A short two-tone honk, made on the spot: no sound file to download. */
function honk(): void {
  const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  try {
    const audio = new AudioContextClass();
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    gain.connect(audio.destination);
    const voice = audio.createOscillator();
    voice.type = 'sawtooth';
    voice.frequency.setValueAtTime(420, audio.currentTime);
    voice.frequency.exponentialRampToValueAtTime(260, audio.currentTime + 0.3);
    voice.connect(gain);
    voice.start();
    voice.stop(audio.currentTime + 0.36);
    voice.onended = () => void audio.close();
  } catch {
    // No sound allowed here: the speech bubble still says it.
  }
}

/**
 * The desktop goose special: a goose waddling along the bottom of the window. Click it to honk; the ×
 * sends it away (for this student on this device) until it is let out again from the shop.
 * With reduced motion asked for, it stands still in its corner.
 */
export function DesktopGoose() {
  const goose = useGoose();
  const [honking, setHonking] = useState(false);
  if (goose === null || goose.hidden) return null;
  return (
    <div className="desktop-goose" data-testid="desktop-goose">
      <button
        type="button"
        className="desktop-goose-bird"
        aria-label="Honk"
        onClick={() => {
          honk();
          setHonking(true);
          window.setTimeout(() => setHonking(false), 1200);
        }}
      >
        {honking && <span className="desktop-goose-honk">HONK!</span>}
        <img src="/cosmetics/specials/desktop_goose.svg" alt="" width={64} height={64} draggable={false} />
      </button>
      <button type="button" className="desktop-goose-dismiss" aria-label="Send the goose away" data-testid="dismiss-goose" onClick={() => goose.setHidden(true)}>
        ×
      </button>
    </div>
  );
}
