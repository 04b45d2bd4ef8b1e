import { Page } from '../../app/Page.tsx';

export default function ChatPage() {
  return (
    <Page name="chat" title="Chat">
      <p className="page-lead">Talk with other players. The chat room will be shown here.</p>
    </Page>
  );
}
