import { Page } from '../../app/Page.tsx';

export default function ChangePasswordPage() {
  return (
    <Page name="change-password" title="Change password">
      <p className="page-lead">Choose a new password for your account. You land here from the password-reset e-mail.</p>
    </Page>
  );
}
