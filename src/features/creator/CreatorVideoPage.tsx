import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { platformLabel } from '../../domain/creatorSocial.ts';
import { validateVideo, type VideoInput } from '../../domain/creatorVideo.ts';
import type { FieldErrors } from '../../domain/fieldErrors.ts';
import '../../ui/forms.css';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { useVideoEditor, type VideoEditorView, type VideoRow } from '../../state/creator.ts';
import './creator.css';
import { CreatorGate } from './CreatorGate.tsx';

const EMPTY: VideoInput = { title: '', url: '', appId: '', description: '' };

function VideoForm({
  socialId,
  video,
  save,
  remove: deleteVideo,
}: {
  socialId: number;
  video: VideoRow | null;
  save: VideoEditorView['save'];
  remove: VideoEditorView['remove'];
}) {
  const ids = useId();
  const navigate = useNavigate();
  const apps = useCatalogueApps();
  const [input, setInput] = useState<VideoInput>(
    video === null ? EMPTY : { title: video.title, url: video.url, appId: video.app_id ?? '', description: video.description },
  );
  const [errors, setErrors] = useState<FieldErrors<'title' | 'url' | 'description'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof VideoInput) => (value: string) => setInput((previous) => ({ ...previous, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateVideo(input);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const row = {
      title: input.title.trim(),
      url: input.url.trim(),
      app_id: input.appId === '' ? null : input.appId,
      description: input.description.trim(),
    };
    setBusy(true);
    try {
      const outcome = await save(socialId, video, row);
      if (!outcome.ok) {
        setFailure(outcome.message);
        return;
      }
      toast.success(video === null ? 'Video added' : 'Video saved');
      void navigate(`/creator/${socialId}`);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (video === null || !window.confirm(`Delete "${video.title}"?`)) return;
    const outcome = await deleteVideo(video);
    if (!outcome.ok) {
      setFailure(outcome.message);
      return;
    }
    toast.success('Video deleted');
    void navigate(`/creator/${socialId}`);
  };

  return (
    <form className="cm-form-grid panel" onSubmit={(event) => void submit(event)} noValidate data-testid="video-form">
      <div className="cm-form-field">
        <label htmlFor={`${ids}-title`}>Title</label>
        <input id={`${ids}-title`} value={input.title} onChange={(e) => set('title')(e.target.value)} aria-invalid={errors.title !== undefined} maxLength={200} />
        {errors.title && <p className="cm-form-error">{errors.title}</p>}
      </div>
      <div className="cm-form-field">
        <label htmlFor={`${ids}-url`}>Video link</label>
        <input
          id={`${ids}-url`}
          type="url"
          inputMode="url"
          value={input.url}
          onChange={(e) => set('url')(e.target.value)}
          placeholder="https://"
          aria-invalid={errors.url !== undefined}
        />
        <p className="cm-form-hint">The full https:// address where the video can be watched. It is shown as a link, never embedded.</p>
        {errors.url && <p className="cm-form-error">{errors.url}</p>}
      </div>
      <div className="cm-form-field">
        <label htmlFor={`${ids}-app`}>Game it features</label>
        <select id={`${ids}-app`} value={input.appId} onChange={(e) => set('appId')(e.target.value)}>
          <option value="">No particular game</option>
          {(apps ?? []).map((app) => (
            <option key={app.id} value={app.id}>
              {app.title}
            </option>
          ))}
        </select>
      </div>
      <div className="cm-form-field">
        <label htmlFor={`${ids}-description`}>Description</label>
        <textarea
          id={`${ids}-description`}
          value={input.description}
          onChange={(e) => set('description')(e.target.value)}
          aria-invalid={errors.description !== undefined}
        />
        {errors.description && <p className="cm-form-error">{errors.description}</p>}
      </div>
      <p className="cm-form-hint" data-testid="featured-status">
        {video?.featured
          ? 'Featured: the portal team picked this video for the top of the videos page.'
          : 'Not featured yet: the portal team picks featured videos. Every video is listed on the videos page.'}
      </p>
      {failure && (
        <p className="cm-form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="cm-form-actions">
        <button type="submit" className="button" disabled={busy}>
          {video === null ? 'Create video' : 'Save changes'}
        </button>
        <Link to={`/creator/${socialId}`} className="cm-button-quiet">
          Cancel
        </Link>
        {video !== null && (
          <button type="button" className="cm-button-quiet" onClick={() => void remove()}>
            Delete video
          </button>
        )}
      </div>
    </form>
  );
}

function Editor({ userId, socialId, videoId }: { userId: string; socialId: string; videoId: string }) {
  const isNew = videoId === 'new';
  const { social, video, save, remove } = useVideoEditor(userId, socialId, videoId);

  const valid = /^\d+$/.test(socialId) && (isNew || /^\d+$/.test(videoId));
  if (!valid || social.state === 'error' || video.state === 'error') {
    return (
      <div className="cm-notice-box" role="alert">
        <p>{social.state === 'error' || !valid ? 'This is not one of your accounts.' : 'That video does not exist on this account.'}</p>
        <p>
          <Link to={/^\d+$/.test(socialId) && social.state !== 'error' ? `/creator/${socialId}` : '/creator'}>Back</Link>
        </p>
      </div>
    );
  }
  if (social.state === 'loading' || video.state === 'loading') return <p className="cm-form-hint">Loading…</p>;
  return (
    <>
      <p>
        {isNew ? 'New video for' : 'Video of'}{' '}
        <strong>
          {platformLabel(social.data.platform)}: @{social.data.handle}
        </strong>
      </p>
      <VideoForm socialId={social.data.id} video={video.data === false ? null : video.data} save={save} remove={remove} />
    </>
  );
}

export default function CreatorVideoPage() {
  const { socialId = '', videoId = '' } = useParams();
  const isNew = videoId === 'new';
  return (
    <Page name="creator-video" title={isNew ? 'New video' : 'Edit video'}>
      <p className="cm-form-hint">
        Account <strong data-testid="social-id">{socialId}</strong> · Video <strong data-testid="video-id">{videoId}</strong>
      </p>
      <CreatorGate>{(userId) => <Editor userId={userId} socialId={socialId} videoId={videoId} />}</CreatorGate>
    </Page>
  );
}
