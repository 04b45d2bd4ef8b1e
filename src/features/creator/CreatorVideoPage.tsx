import { useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';

export default function CreatorVideoPage() {
  const { socialId = '', videoId = '' } = useParams();
  return (
    <Page name="creator-video" title="Edit video">
      <p className="page-lead">
        Video <strong data-testid="video-id">{videoId}</strong> of account{' '}
        <strong data-testid="social-id">{socialId}</strong>. The video editor comes here.
      </p>
    </Page>
  );
}
