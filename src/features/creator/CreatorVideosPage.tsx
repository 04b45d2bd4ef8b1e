import { Link, useParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { platformLabel } from '../../domain/creatorSocial.ts';
import '../../ui/forms.css';
import { useSocialVideos } from '../../state/creator.ts';
import './creator.css';
import { CreatorGate } from './CreatorGate.tsx';

function Videos({ userId, socialId }: { userId: string; socialId: string }) {
  const { social, videos } = useSocialVideos(userId, socialId);

  if (!/^\d+$/.test(socialId) || social.state === 'error') {
    return (
      <div className="cm-notice-box" role="alert">
        <p>This is not one of your accounts.</p>
        <p>
          <Link to="/creator">Back to your accounts</Link>
        </p>
      </div>
    );
  }
  if (social.state === 'loading') return <p className="cm-form-hint">Loading…</p>;
  return (
    <>
      <p>
        <strong data-testid="social-name">
          {platformLabel(social.data.platform)}: @{social.data.handle}
        </strong>{' '}
        · <Link to="/creator">Other accounts</Link>
      </p>
      <p>
        <Link className="button" to={`/creator/${socialId}/new`} data-testid="new-video">
          New video
        </Link>
      </p>
      {videos.state === 'loading' && <p className="cm-form-hint">Loading videos…</p>}
      {videos.state === 'error' && <p className="cm-form-error">Could not load the videos: {videos.message}</p>}
      {videos.state === 'ready' &&
        (videos.data.length === 0 ? (
          <p className="cm-form-hint">No videos yet for this account.</p>
        ) : (
          <ul className="creator-list" data-testid="video-list">
            {videos.data.map((video) => (
              <li key={video.id} className="creator-card">
                <div>
                  <h3>
                    {video.title}
                    {video.featured && <span className="creator-badge">Featured</span>}
                  </h3>
                  <p>{video.url}</p>
                </div>
                <Link className="cm-button-quiet" to={`/creator/${socialId}/${video.id}`}>
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}

export default function CreatorVideosPage() {
  const { socialId = '' } = useParams();
  return (
    <Page name="creator-videos" title="Choose videos">
      <p className="page-lead">The videos of this account: pick one to edit or start a new one.</p>
      <CreatorGate>{(userId) => <Videos userId={userId} socialId={socialId} />}</CreatorGate>
    </Page>
  );
}
