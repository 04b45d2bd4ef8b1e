import { Page } from '../../app/Page.tsx';

export default function OnboardingPage() {
  return (
    <Page name="onboarding" title="Welcome!">
      <p className="page-lead">A few quick questions to set up your account: where you heard about the portal and who told you.</p>
    </Page>
  );
}
