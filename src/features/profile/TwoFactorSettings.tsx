import { CircleCheck } from 'lucide-react';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { enrolTotp } from '../../data/actions/enrolTotp.ts';
import { removeTotp } from '../../data/actions/removeTotp.ts';
import { fetchTotpFactors, type TotpFactor } from '../../data/queries/fetchTotpFactors.ts';
import type { DataSource } from '../../data/source.ts';
import { authErrorMessage } from '../../domain/authErrors.ts';
import { TotpStep } from '../../ui/TotpStep.tsx';

export const TWO_FACTOR_ON = 'Two-step sign-in is on';
export const TWO_FACTOR_REMOVED = 'Authenticator app removed';

interface Enrolment {
  factorId: string;
  secret: string;
  qr: string;
}

/** Two-step sign-in with an authenticator app (TOTP): enrol with a QR code, verify, list and remove. */
export function TwoFactorSettings({ data }: { data: DataSource }) {
  const [factors, setFactors] = useState<TotpFactor[] | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const { data: found, error: failed } = await fetchTotpFactors(data);
    if (failed) setError(authErrorMessage(failed));
    else setFactors(found);
  }, [data]);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function enrol() {
    setBusy(true);
    setError(null);
    try {
      const { data: started, error: failed } = await enrolTotp(data);
      if (failed) {
        setError(authErrorMessage(failed));
        return;
      }
      const qr = await QRCode.toDataURL(started.uri, { margin: 1, width: 192 });
      setEnrolment({ factorId: started.factorId, secret: started.secret, qr });
    } finally {
      setBusy(false);
    }
  }

  async function remove(factorId: string) {
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await removeTotp(data, factorId);
      if (failed) {
        setError(failed.code === 'insufficient_aal' ? 'Sign out and sign in again with your code, then remove it.' : authErrorMessage(failed));
        return;
      }
      toast.success(TWO_FACTOR_REMOVED);
      await reload();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-card" aria-labelledby="two-factor-heading" data-testid="two-factor">
      <h2 id="two-factor-heading">Two-step sign-in</h2>
      <p className="field-hint">
        With an authenticator app (Google Authenticator, Microsoft Authenticator, 2FAS…), signing in also asks for a 6-digit code from your
        phone, so a stolen password is not enough.
      </p>
      {error !== null && (
        <p className="form-error" role="alert" data-testid="two-factor-error">
          {error}
        </p>
      )}
      {factors !== null && factors.length > 0 && (
        <ul className="factor-list" data-testid="factor-list">
          {factors.map((factor) => (
            <li key={factor.id}>
              <span>
                <CircleCheck className="factor-check" aria-hidden="true" size={18} /> Authenticator app, added {new Date(factor.created_at).toLocaleDateString()}
              </span>
              <button type="button" className="button danger" disabled={busy} onClick={() => void remove(factor.id)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {enrolment === null ? (
        factors !== null &&
        factors.length === 0 && (
          <button type="button" className="button" disabled={busy} onClick={() => void enrol()}>
            Set up an authenticator app
          </button>
        )
      ) : (
        <div data-testid="totp-enrolment">
          <p>1. Scan this QR code with your authenticator app:</p>
          <img className="qr-code" src={enrolment.qr} alt="QR code for your authenticator app" data-testid="totp-qr" />
          <p>
            Or type this key into the app: <code className="secret-text" data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <p>2. Enter the code the app shows to finish:</p>
          <TotpStep
            data={data}
            factorId={enrolment.factorId}
            label="Turn on"
            onVerified={() => {
              setEnrolment(null);
              toast.success(TWO_FACTOR_ON);
              void reload();
            }}
          />
        </div>
      )}
    </section>
  );
}
