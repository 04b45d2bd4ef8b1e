import { Page } from '../../app/Page.tsx';

function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent hides window.top: that alone proves the page is framed.
    return true;
  }
}

export default function IframeCheckPage() {
  const framed = inFrame();
  return (
    <Page name="iframe-check" title="Frame check">
      <p className="page-lead">Checks whether the portal is shown inside another page (an iframe), as some school sites embed it.</p>
      <p className="panel" data-testid="iframe-status">
        {framed ? 'The portal is running inside a frame.' : 'The portal is running in its own tab, not inside a frame.'}
      </p>
    </Page>
  );
}
