// Two-step sign-in with an authenticator app, from the settings page: its own module, so the sign-in
// page's download does not carry the QR code maker.
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { enrolTotp } from '../data/actions/enrolTotp.ts';
import { removeTotp } from '../data/actions/removeTotp.ts';
import { verifyTotp } from '../data/actions/verifyTotp.ts';
import { fetchTotpFactors, type TotpFactor } from '../data/queries/fetchTotpFactors.ts';
import { authErrorMessage, STARTING } from '../domain/authErrors.ts';
import { useAccount } from './account.ts';
import { useBusy } from './useBusy.ts';

export type { TotpFactor } from '../data/queries/fetchTotpFactors.ts';

export const REMOVE_NEEDS_CODE = 'Sign out and sign in again with your code, then remove it.';

export interface TotpEnrolmentView {
  factorId: string;
  secret: string;
  /** The QR code of the otpauth URI, as a data URL. */
  qr: string;
}

export interface TwoFactorView {
  /** The verified authenticator apps; null until read. */
  factors: TotpFactor[] | null;
  /** The app being added, until its first code is entered. */
  enrolment: TotpEnrolmentView | null;
  error: string | null;
  busy: boolean;
  enrol: () => Promise<void>;
  /** True when the app is removed. */
  remove: (factorId: string) => Promise<boolean>;
  /** Finishes adding the app with its first code; null when two-step sign-in is on, else the refusal. */
  verifyEnrolment: (code: string) => Promise<string | null>;
}

/** Two-step sign-in with an authenticator app (TOTP): enrol with a QR code, verify, list and remove. */
export function useTwoFactor(): TwoFactorView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const [factors, setFactors] = useState<TotpFactor[] | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolmentView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [busy, run] = useBusy();

  useEffect(() => {
    if (data === null) return;
    let cancelled = false;
    void fetchTotpFactors(data).then(({ data: found, error: failed }) => {
      if (cancelled) return;
      if (failed) setError(authErrorMessage(failed));
      else setFactors(found);
    });
    return () => {
      cancelled = true;
    };
  }, [data, round]);

  const reload = () => setRound((r) => r + 1);

  return {
    factors,
    enrolment,
    error,
    busy,
    enrol: () =>
      run(async () => {
        if (data === null) return;
        setError(null);
        const { data: started, error: failed } = await enrolTotp(data);
        if (failed) {
          setError(authErrorMessage(failed));
          return;
        }
        const qr = await QRCode.toDataURL(started.uri, { margin: 1, width: 192 });
        setEnrolment({ factorId: started.factorId, secret: started.secret, qr });
      }),
    remove: (factorId) =>
      run(async () => {
        if (data === null) return false;
        setError(null);
        const { error: failed } = await removeTotp(data, factorId);
        if (failed) {
          setError(failed.code === 'insufficient_aal' ? REMOVE_NEEDS_CODE : authErrorMessage(failed));
          return false;
        }
        reload();
        return true;
      }),
    async verifyEnrolment(code) {
      if (data === null || enrolment === null) return STARTING;
      const { error: failed } = await verifyTotp(data, enrolment.factorId, code);
      const refusal = failed ? authErrorMessage(failed) : null;
      if (refusal === null) {
        setEnrolment(null);
        reload();
      }
      return refusal;
    },
  };
}
