import { useGameVideos } from '../../state/creator.ts';
import './creator.css';
import { VideoCards } from './VideoCards.tsx';

/**
 * "Videos about <game>" on a game's page: what approved creators made about it. Nothing at all while
 * loading, offline or when there is none: the game page is for playing, and an empty heading says nothing.
 */
export function GameVideos({ app }: { app: { id: string; title: string } }) {
  const videos = useGameVideos(app.id);
  if (videos.state !== 'ready' || videos.data.length === 0) return null;
  const headingId = `game-videos-${app.id}`;
  return (
    <section className="creator-section game-videos" aria-labelledby={headingId} data-testid="game-videos">
      <h2 id={headingId}>Videos about {app.title}</h2>
      <VideoCards videos={videos.data} apps={null} />
    </section>
  );
}
