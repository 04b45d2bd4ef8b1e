import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { platformLabel, socialProfileUrl } from '../../domain/creatorSocial.ts';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { useCreatorPage, useCreators, type CreatorSummary } from '../../state/creator.ts';
import './creator.css';
import { VideoCards } from './VideoCards.tsx';

function Socials({ creator }: { creator: CreatorSummary }) {
  if (creator.socials.length === 0) return <p>No accounts listed yet.</p>;
  return (
    <ul className="chip-list">
      {creator.socials.map((social) => {
        const href = socialProfileUrl(social.platform, social.handle);
        const label = `${platformLabel(social.platform)}: @${social.handle}`;
        return (
          <li key={social.id}>
            {href === null ? (
              <span className="chip">{label}</span>
            ) : (
              <a className="chip" href={href} target="_blank" rel="noopener noreferrer">
                {label}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function OneCreator({ username }: { username: string }) {
  const apps = useCatalogueApps();
  const result = useCreatorPage(username);
  if (result.state === 'loading') return <p className="cm-form-hint">Loading…</p>;
  if (result.state === 'error') return <p className="cm-form-error">The creator page cannot be loaded right now ({result.message}).</p>;
  if (result.data === false) {
    return (
      <div className="cm-notice-box" role="status">
        <p>{username} is not a creator on this portal.</p>
        <p>
          <Link to="/class/creator">See every creator</Link>
        </p>
      </div>
    );
  }
  const { creator, videos } = result.data;
  return (
    <div data-testid="creator-profile">
      <h2>{creator.username ?? username}</h2>
      <Socials creator={creator} />
      <h3>Videos</h3>
      {videos.length === 0 ? <p>No videos yet.</p> : <VideoCards videos={videos} apps={apps} showAuthor={false} />}
      <p>
        <Link to="/class/creator">Every creator</Link>
      </p>
    </div>
  );
}

function AllCreators() {
  const creators = useCreators();
  if (creators.state === 'loading') return <p className="cm-form-hint">Loading creators…</p>;
  if (creators.state === 'error') return <p className="cm-form-error">The creators cannot be loaded right now ({creators.message}).</p>;
  if (creators.data.length === 0) return <p>No creators yet.</p>;
  return (
    <ul className="creator-list" data-testid="creator-list">
      {creators.data.map((creator) => (
        <li key={creator.userId} className="creator-card">
          <div>
            <h2>{creator.username ?? 'A creator'}</h2>
            <p>{creator.socials.map((s) => `${platformLabel(s.platform)} @${s.handle}`).join(' · ') || 'No accounts listed yet'}</p>
          </div>
          {creator.username !== null && (
            <Link className="cm-button-quiet" to={`/class/creator?u=${encodeURIComponent(creator.username)}`}>
              View
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function CreatorAppPage() {
  const [params] = useSearchParams();
  const username = params.get('u')?.trim() ?? '';
  return (
    <Page name="class-creator" title="Creator">
      <p className="page-lead">
        Student creators make videos about the games here. Watch them all on the <Link to="/yt">videos page</Link>; creators manage
        theirs in the <Link to="/creator">creator tools</Link>.
      </p>
      {username === '' ? <AllCreators /> : <OneCreator username={username} />}
    </Page>
  );
}
