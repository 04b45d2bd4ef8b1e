import { Clapperboard } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Page.tsx';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { useCreatorVideos } from '../../state/creator.ts';
import './creator.css';
import { VideoCards } from './VideoCards.tsx';

export default function YtPage() {
  const apps = useCatalogueApps();
  const videos = useCreatorVideos();
  const featured = videos.state === 'ready' ? videos.data.filter((v) => v.featured) : [];
  const latest = videos.state === 'ready' ? videos.data.filter((v) => !v.featured) : [];
  return (
    <Page name="yt" title="Videos">
      <p className="page-lead">
        Videos about the games on the portal, made by approved student creators. Links open on the video site. Meet the{' '}
        <Link to="/class/creator">creators</Link>.
      </p>
      {videos.state === 'loading' && <p className="cm-form-hint">Loading videos…</p>}
      {videos.state === 'error' && (
        <p className="cm-form-error" role="alert">
          The videos cannot be loaded right now ({videos.message}). They need a connection; the games work without one.
        </p>
      )}
      {videos.state === 'ready' && videos.data.length === 0 && (
        <EmptyState
          icon={<Clapperboard size={32} />}
          title="No creator videos yet"
          action={
            <ButtonLink to="/creator" icon={<Clapperboard aria-hidden="true" size={20} />}>
              Become a creator
            </ButtonLink>
          }
        >
          Make videos about the games here? Once a moderator approves your application, yours can be the first on this page.
        </EmptyState>
      )}
      {featured.length > 0 && (
        <section className="creator-section" aria-labelledby="yt-featured" data-testid="yt-featured">
          <h2 id="yt-featured">Featured</h2>
          <VideoCards videos={featured} apps={apps} />
        </section>
      )}
      {latest.length > 0 && (
        <section className="creator-section" aria-labelledby="yt-latest" data-testid="yt-latest">
          <h2 id="yt-latest">New from creators</h2>
          <VideoCards videos={latest} apps={apps} />
        </section>
      )}
    </Page>
  );
}
