import { Link, useLocation } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page name="not-found" title="Page not found">
      <p className="page-lead">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may have a typo.
      </p>
      <Link className="button" to="/">
        Back to the games
      </Link>
    </Page>
  );
}
