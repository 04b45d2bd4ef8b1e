import { useEffect, useState } from 'react';
import { passwordStrength } from '../domain/passwordRule.ts';
import './passwordMeter.css';

type Scorer = (password: string, personal: readonly string[]) => number;

let loading: Promise<Scorer> | null = null;
const loadScorer = () => (loading ??= import('./passwordEstimator.ts').then((module) => module.scorePassword));

/**
 * How strong a new password is, as the student types it, by the backend's own rule. The estimator loads
 * with the first character typed; until then (or offline before it was ever loaded) only the length counts.
 */
export function PasswordMeter({ id, password, personal }: { id: string; password: string; personal: readonly string[] }) {
  const [scorer, setScorer] = useState<Scorer | null>(null);
  useEffect(() => {
    if (password === '' || scorer !== null) return;
    let cancelled = false;
    loadScorer()
      .then((score) => {
        if (!cancelled) setScorer(() => score);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [password, scorer]);

  if (password === '') return null;
  const score = scorer === null ? 0 : scorer(password, personal);
  const strength = passwordStrength(password.length, score);
  return (
    <div className="password-meter" data-level={strength.level} data-testid="password-meter">
      <div className="password-meter-bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={bar <= strength.bars ? 'password-meter-bar filled' : 'password-meter-bar'} />
        ))}
      </div>
      <span id={id} className="password-meter-text" aria-live="polite">
        {scorer === null && strength.level !== 'too-short' ? 'Checking how easy it is to guess…' : strength.text}
      </span>
    </div>
  );
}
