import { Check, Gift, Lock } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { HOLLOWED_PASS, type Season } from '../../domain/battlepass.ts';
import { formatCoins } from '../../domain/coinText.ts';
import { itemUnlockedNamed } from '../../domain/itemNames.ts';
import { seasonStatusText, seasonWindowText } from '../../domain/seasonText.ts';
import { tierStateText, type TierView } from '../../domain/tierViews.ts';
import { usePass, type PassView, type ShopItemRow } from '../../state/battlepass.ts';
import { useOnline } from '../../state/useOnline.ts';
import { CoinIcon } from '../../ui/CoinIcon.tsx';
import { ItemPicture } from '../../ui/ItemPicture.tsx';
import { notice } from '../../ui/notice.tsx';
import { RarityPill } from '../../ui/RarityPill.tsx';
import { useNow } from '../../ui/useNow.ts';
import './pass.css';

/** The padlock of a tier still to reach and the tick of a claimed one, from the icon set. */
function TierStateIcon({ state, seasonEnded }: { state: TierView['state']; seasonEnded: boolean }) {
  if (state === 'claimed') return <Check aria-hidden="true" size={16} strokeWidth={3} />;
  if (state === 'locked' && !seasonEnded) return <Lock aria-hidden="true" size={15} />;
  return null;
}

function TierCard({
  view,
  item,
  canClaimNow,
  seasonEnded,
  onClaim,
}: {
  view: TierView;
  item: ShopItemRow | undefined;
  canClaimNow: boolean;
  seasonEnded: boolean;
  onClaim: () => void;
}) {
  return (
    <li className={`tier tier-${view.state}`} data-testid={`tier-${view.tier}`} data-state={view.state}>
      <div className="tier-number">Tier {view.tier}</div>
      <div className="tier-reward" title={item?.description}>
        <span className="tier-emoji" aria-hidden="true">
          {item ? <ItemPicture item={item} size={36} /> : <Gift size={32} />}
        </span>
        <span className="tier-name">{item?.name ?? view.item_id}</span>
        {item ? (
          <RarityPill rarity={item.rarity} />
        ) : (
          // The pill's line is kept while the shop's items are still on their way: its coming grew every
          // card of a row and moved the rows under it (a layout shift on a first visit).
          <span className="rarity-pill tier-rarity-placeholder" aria-hidden="true">
            Common
          </span>
        )}
      </div>
      <div className="tier-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={view.percent} aria-label={`Progress to tier ${view.tier}`}>
        <span style={{ width: `${view.percent}%` }} />
      </div>
      <div className="tier-required">
        <CoinIcon /> {formatCoins(view.coins_required)}
      </div>
      {view.state === 'claimable' && canClaimNow ? (
        <button type="button" className="button tier-claim" data-testid={`claim-tier-${view.tier}`} onClick={onClaim}>
          Claim
        </button>
      ) : (
        <span className="tier-state" data-testid={`tier-state-${view.tier}`}>
          <TierStateIcon state={view.state} seasonEnded={seasonEnded} />
          {tierStateText(view, seasonEnded)}
        </span>
      )}
    </li>
  );
}

function Track({ pass, season, now }: { pass: PassView; season: Season; now: Date }) {
  const { track } = pass;
  if (track === undefined) return null;
  const { items, tiers: views } = track;
  const { status } = seasonStatusText(season, now);
  const next = views.find((v) => v.state === 'locked');

  async function claim(view: TierView) {
    if (await pass.claimTier(view.tier)) notice.success(itemUnlockedNamed(view.item_id, items.get(view.item_id)?.name));
  }

  return (
    <>
      {pass.account === 'signed-in' && (
        <div className="pass-progress panel" data-testid="pass-progress">
          <span>
            Dabloons gained this season: <strong data-testid="season-gained">{formatCoins(track.gained)}</strong>
          </span>
          <span>
            {next
              ? status === 'ended'
                ? `The season ended before tier ${next.tier}.`
                : `${formatCoins(next.remaining)} more to reach tier ${next.tier}.`
              : 'Every tier reached. Well played!'}
          </span>
        </div>
      )}
      <ol className="tier-track" data-testid="tier-track">
        {views.map((view) => (
          <TierCard
            key={view.tier}
            view={view}
            item={items.get(view.item_id)}
            canClaimNow={status !== 'upcoming'}
            seasonEnded={status === 'ended'}
            onClaim={() => void claim(view)}
          />
        ))}
      </ol>
    </>
  );
}

export default function PassPage() {
  const now = useNow(60_000);
  const pass = usePass(now);
  const online = useOnline();
  const { seasons, season } = pass;
  const list = seasons ?? [];
  const summary = season ? seasonStatusText(season, now) : null;

  return (
    <Page name="pass" title={HOLLOWED_PASS.name}>
      <p className="page-lead">
        Every Dabloon you gain during a season moves you along its track. Reach a tier to claim its reward; spending never sets you back.
      </p>
      {pass.account === 'signed-out' && (
        <p className="panel">
          <NavLink to="/auth">Sign in</NavLink> to track your progress and claim rewards.
        </p>
      )}
      {list.length > 1 && (
        <div className="pass-seasons" role="tablist" aria-label="Seasons">
          {[...list]
            .sort((a, b) => b.season - a.season)
            .map((s) => (
              <button
                key={s.season}
                type="button"
                role="tab"
                className="chip"
                aria-selected={s.season === season?.season}
                data-testid={`season-${s.season}`}
                onClick={() => pass.choose(s.season)}
              >
                {s.name}
              </button>
            ))}
        </div>
      )}
      {season && summary && pass.ready ? (
        <section aria-labelledby="season-heading" data-testid="season" data-season={season.season}>
          <h2 id="season-heading" className="season-heading">
            {season.name} <span className={`season-status season-${summary.status}`} data-testid="season-status">{summary.status}</span>
          </h2>
          <p className="season-window">
            {seasonWindowText(season)} · {summary.text}
          </p>
          <Track pass={pass} season={season} now={now} />
        </section>
      ) : (
        seasons !== undefined &&
        pass.ready &&
        (seasons !== null ? (
          <p className="panel">No season yet: the pass opens when the next season begins.</p>
        ) : (
          !online && (
            <p className="panel" role="status" data-testid="pass-not-loaded">
              The pass cannot be shown offline yet: it has not been loaded on this device. Connect to the internet and open this page once; after
              that it shows offline too.
            </p>
          )
        ))
      )}
    </Page>
  );
}
