/**
 * True when a frame's page has the portal's own origin: its sandbox header was lost (a static host
 * set up without docs/security-headers.md), so the game could reach the session and must not stay.
 */
export function hasPortalOrigin(frame: HTMLIFrameElement): boolean {
  const document = frame.contentDocument;
  return document !== null && document.URL !== 'about:blank';
}

/** Said instead of a game that came without its sandbox. */
export function Unsandboxed({ title }: { title: string }) {
  return (
    <p className="game-frame-message" role="alert" data-testid="game-load-error">
      {title} was not opened: this server sent it without the sandbox that keeps games away from your account. Tell the person who runs
      the portal.
    </p>
  );
}
