import { Link } from 'react-router-dom';
import { classPath } from '../../domain/slug.ts';
import type { AppEntry } from './backupApps.ts';

export function AppGrid({ apps, label }: { apps: AppEntry[]; label: string }) {
  return (
    <ul className="app-grid" aria-label={label} data-testid="app-grid">
      {apps.map((app) => (
        <li key={app.id}>
          <Link className="app-card" to={classPath(app.title)} data-testid="app-card">
            <img src={app.thumbnail} alt="" loading="lazy" width={320} height={200} />
            <div className="app-card-body">
              <h2 className="app-card-title">{app.title}</h2>
              <p className="app-card-meta">
                {app.category}
                {app.bundled ? ' · plays offline' : ''}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
