import { Page } from '../../app/Page.tsx';

export default function PrivacyPage() {
  return (
    <Page name="privacy" title="Privacy policy">
      <p className="page-lead">We keep only what the portal needs: your account e-mail, your profile, your streak, coins, items and scores. Usage statistics, linked to your account while you are signed in, help us improve the portal. We never sell your data.</p>
    </Page>
  );
}
