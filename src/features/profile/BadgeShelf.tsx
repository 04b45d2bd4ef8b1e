import { useState } from 'react';
import { SHELF_SIZE, toggleShelf } from '../../domain/badgeShelf.ts';
import { badgeImage, useBadgeShelf, useMyBadges } from '../../state/achievements.ts';
import { Button } from '../../ui/Button.tsx';
import { notice } from '../../ui/notice.tsx';
import './badgeShelf.css';

/** A profile's badge shelf (issue 29): the up to 3 achievements its student chose to show. Nothing when none. */
export function BadgeShelf({ username }: { username: string }) {
  const shelf = useBadgeShelf(username);
  if (shelf.state !== 'ready' || shelf.data.length === 0) return null;
  return (
    <section className="badge-shelf" aria-labelledby="badge-shelf-heading" data-testid="badge-shelf">
      <h2 id="badge-shelf-heading">Badges</h2>
      <ul>
        {shelf.data.map((badge) => (
          <li key={`${badge.gameTitle}/${badge.code}`} title={badge.description}>
            <img src={badgeImage(badge.icon)} alt="" width={48} height={48} />
            <span>
              <strong>{badge.title}</strong>
              <span className="muted">{badge.gameTitle}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The student picks the badges of their shelf from what they unlocked. Nothing until they unlocked one. */
export function BadgeShelfPicker() {
  const view = useMyBadges();
  const [chosen, setChosen] = useState<number[] | null>(null);
  if (view.account !== 'signed-in' || view.badges.state !== 'ready' || view.badges.data.length === 0) return null;
  const { badges, busy, error } = view;
  const { save: send } = view;
  const current = badges.data
    .filter((badge) => badge.shelf !== null)
    .sort((a, b) => (a.shelf ?? 0) - (b.shelf ?? 0))
    .map((badge) => badge.unlockId);
  const picked = chosen ?? current;

  async function save() {
    if (!(await send(picked))) return;
    setChosen(null);
    notice.success('Badge shelf saved');
  }

  return (
    <section className="form-card" aria-labelledby="badge-picker-heading" data-testid="badge-picker">
      <h2 id="badge-picker-heading">Badge shelf</h2>
      <p className="field-hint">Choose up to {SHELF_SIZE} of your achievements to show on your profile, in the order you pick them.</p>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="badge-picker">
        {badges.data.map((badge) => {
          const on = picked.includes(badge.unlockId);
          return (
            <li key={badge.unlockId}>
              <label>
                <input
                  type="checkbox"
                  checked={on}
                  disabled={busy || (!on && picked.length >= SHELF_SIZE)}
                  onChange={() => setChosen(toggleShelf(picked, badge.unlockId))}
                />
                <img src={badgeImage(badge.icon)} alt="" width={32} height={32} />
                <span>
                  {badge.title} <span className="muted">· {badge.gameTitle}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <Button disabled={busy || chosen === null} onClick={() => void save()} data-testid="save-badge-shelf">
        Save shelf
      </Button>
    </section>
  );
}
