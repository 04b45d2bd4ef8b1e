import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useUrlSession } from '../../state/auth.ts';
import { safeNext } from '../../domain/safeNext.ts';
import { signInLinkProblem } from '../../domain/signInLinkProblem.ts';
import '../../ui/formCard.css';
import './auth.css';

export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const result = useUrlSession(true);

  useEffect(() => {
    if (result.state !== 'set') return;
    // A confirmed sign-up is a new student: onboarding, once, as after a sign-up with no mail to open.
    void navigate(result.type === 'recovery' ? '/change-password' : result.type === 'signup' ? '/onboarding' : next, { replace: true });
  }, [result, next, navigate]);

  if (result.state === 'failed') {
    return (
      <Page name="auth-callback" title="Sign-in link did not work">
        <p className="form-error" role="alert" data-testid="auth-callback-error">
          {signInLinkProblem(result.message)}
        </p>
        <p>
          <Link className="button" to="/auth">
            Go to sign in
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page name="auth-callback" title="Signing you in">
      <p className="page-lead">Finishing your sign-in. You will be taken back to the portal in a moment.</p>
    </Page>
  );
}
