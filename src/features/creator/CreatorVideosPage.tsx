import { useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';

export default function CreatorVideosPage() {
  const { socialId = '' } = useParams();
  return (
    <Page name="creator-videos" title="Choose videos">
      <p className="page-lead">
        The videos of account <strong data-testid="social-id">{socialId}</strong>: pick one to edit or start a new one.
      </p>
    </Page>
  );
}
