import { Page } from '../../app/Page.tsx';

export default function AuthCallbackPage() {
  return (
    <Page name="auth-callback" title="Signing you in">
      <p className="page-lead">Finishing your sign-in. You will be taken back to the portal in a moment.</p>
    </Page>
  );
}
