import { Monitor, Moon, Sun } from 'lucide-react';
import { setSchemeChoice, useSchemeChoice, type SchemeChoice } from './colourScheme.ts';

const OPTIONS: { value: SchemeChoice; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'System', Icon: Monitor },
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
];

/** Light, dark or as the system says: kept on this device, like the game sound. */
export function ColourSchemeSetting() {
  const choice = useSchemeChoice();
  return (
    <section className="form-card" aria-labelledby="scheme-heading" data-testid="colour-scheme-setting">
      <h2 id="scheme-heading">Appearance</h2>
      <p>Light or dark on this device. System follows your computer’s setting.</p>
      <fieldset className="segmented">
        <legend className="visually-hidden">Colour scheme</legend>
        {OPTIONS.map(({ value, label, Icon }) => (
          <label key={value}>
            <input type="radio" name="colour-scheme" value={value} checked={choice === value} onChange={() => setSchemeChoice(value)} />
            <Icon aria-hidden="true" size={18} />
            {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
