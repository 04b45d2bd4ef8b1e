import { Flame, Gamepad2, ShoppingBag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useOnboarding } from '../../state/profile.ts';
import { COIN_REWARDS } from '../../domain/coins.ts';
import { ONBOARDING_COMPLETED } from '../../domain/messages.ts';
import { validateUsername } from '../../domain/profileFields.ts';
import '../../ui/formCard.css';
import './profile.css';

/** The answers offered for where_from; 'Other' lets the student type their own. */
export const WHERE_FROM_CHOICES = ['A friend or classmate', 'A teacher', 'Search engine', 'YouTube', 'TikTok', 'Discord', 'Other'] as const;
const OTHER = 'Other';
/** my_users allows at most 100 characters in where_from and who_from. */
const ANSWER_MAX = 100;

export const WHERE_FROM_REQUIRED = 'Please tell us where you heard about the portal.';
export const OTHER_REQUIRED = 'Please say where you heard about the portal.';

function ErrorText({ text }: { text: string }) {
  return (
    <p className="form-error" role="alert" data-testid="onboarding-error">
      {text}
    </p>
  );
}

export default function OnboardingPage() {
  const view = useOnboarding();
  const navigate = useNavigate();
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const [whoFrom, setWhoFrom] = useState('');
  // null until the student types: the field offers the username the server made up for them.
  const [typedName, setTypedName] = useState<string | null>(null);
  // Shown beside what it is about: the name, the question, or (offline, a server failure) the form.
  const [error, setError] = useState<{ text: string; about: 'username' | 'where' | 'form' } | null>(null);
  const { profile } = view;
  const username = typedName ?? profile?.username ?? '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const whereFrom = choice === OTHER ? other.trim() : choice;
    const name = username.trim();
    const nameProblem = profile === null ? null : validateUsername(name);
    const whereProblem = choice === '' ? WHERE_FROM_REQUIRED : whereFrom === '' ? OTHER_REQUIRED : null;
    const problem = nameProblem !== null ? { text: nameProblem, about: 'username' as const } : whereProblem !== null ? { text: whereProblem, about: 'where' as const } : null;
    setError(problem);
    if (problem !== null) return;
    const refusal = await view.finish({ username: name, whereFrom, whoFrom: whoFrom.trim() === '' ? null : whoFrom.trim() });
    setError(refusal);
    if (refusal !== null) return;
    toast.success(ONBOARDING_COMPLETED);
    void navigate('/', { replace: true });
  }

  if (view.account === 'signed-out') {
    return (
      <Page name="onboarding" title="Welcome!">
        <p className="page-lead">Sign in first, then tell us a little about how you found the portal.</p>
        <Link className="button" to="/auth?next=/onboarding">
          Sign in
        </Link>
      </Page>
    );
  }
  return (
    <Page name="onboarding" title="Welcome!">
      <p className="page-lead">Choose your username and answer two quick questions, and you are ready to play. Only you can see your answers.</p>
      {view.done && (
        <p className="panel" role="status">
          You already answered these. You can change your answers below or <Link to="/">go to the games</Link>.
        </p>
      )}
      <div className="split">
          <form className="form-card" onSubmit={(event) => void submit(event)} noValidate aria-label="Onboarding">
            {error?.about === 'form' && <ErrorText text={error.text} />}
            {profile !== null && (
              <div className="field">
                <label htmlFor="onboarding-username">Username</label>
                <input
                  id="onboarding-username"
                  value={username}
                  maxLength={20}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby="onboarding-username-hint"
                  aria-invalid={error?.about === 'username'}
                  onChange={(e) => setTypedName(e.target.value)}
                  data-testid="onboarding-username"
                />
                <span className="field-hint" id="onboarding-username-hint">
                  Other students see this name. Keep the one we made up for you or choose your own: 3 to 20 letters, digits, _ or -.
                </span>
                {error?.about === 'username' && <ErrorText text={error.text} />}
              </div>
            )}
            <fieldset className="choice-list">
              <legend className="field">
                Where did you hear about the portal? <span className="field-required">(required)</span>
              </legend>
              {WHERE_FROM_CHOICES.map((option) => (
                <label key={option}>
                  <input type="radio" name="where_from" value={option} checked={choice === option} required onChange={() => setChoice(option)} />
                  {option}
                </label>
              ))}
              {error?.about === 'where' && <ErrorText text={error.text} />}
            </fieldset>
            {choice === OTHER && (
              <div className="field">
                <label htmlFor="where-from-other">Where?</label>
                <input id="where-from-other" value={other} maxLength={ANSWER_MAX} onChange={(e) => setOther(e.target.value)} />
              </div>
            )}
            <div className="field">
              <label htmlFor="who-from">Who told you about it? (optional)</label>
              <input id="who-from" value={whoFrom} maxLength={ANSWER_MAX} onChange={(e) => setWhoFrom(e.target.value)} />
            </div>
            <div className="form-actions">
              <button className="button" type="submit" disabled={view.busy || !view.ready}>
                Finish
              </button>
              <Link to="/">Skip for now</Link>
            </div>
          </form>
        <FirstDay />
      </div>
    </Page>
  );
}

/** What the first day holds, beside the form on a wide screen. */
function FirstDay() {
  return (
    <section className="panel split-aside" aria-labelledby="first-day">
      <h2 id="first-day">Your first day</h2>
      <ul>
        <li>
          <Flame aria-hidden="true" size={22} />
          <span>Claim your daily streak for {COIN_REWARDS.streakClaim} Dabloons, and come back tomorrow for more.</span>
        </li>
        <li>
          <Gamepad2 aria-hidden="true" size={22} />
          <span>Open any game to play: every game you open earns Dabloons too.</span>
        </li>
        <li>
          <ShoppingBag aria-hidden="true" size={22} />
          <span>Spend them in the shop on a cursor, a background or a font of your own.</span>
        </li>
      </ul>
    </section>
  );
}
