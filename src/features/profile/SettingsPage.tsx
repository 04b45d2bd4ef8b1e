import { Page } from '../../app/Page.tsx';

export default function SettingsPage() {
  return (
    <Page name="settings" title="Settings">
      <p className="page-lead">Change your username, icon and about text, and equip the cursors, backgrounds and fonts you have unlocked.</p>
    </Page>
  );
}
