import { Page } from '../../app/Page.tsx';

export default function AuthPage() {
  return (
    <Page name="auth" title="Sign in">
      <p className="page-lead">Sign in or create an account to keep your streak, earn Dabloons and unlock items. The sign-in and sign-up forms come here.</p>
    </Page>
  );
}
