import { useLiveQuery } from 'dexie-react-hooks';
import { Check, Gift, Lock } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import type { PortalRuntime } from '../../state/runtime.ts';
import type { ShopItemRow } from '../../store/db.ts';
import { refreshGained } from '../../data/queries/refreshGained.ts';
import { refreshSeasons } from '../../data/queries/refreshSeasons.ts';
import { refreshShopItems } from '../../data/queries/refreshShopItems.ts';
import { readPassTrack } from '../../data/reads/passTrack.ts';
import { readMirroredSeasons } from '../../data/seasons.ts';
import type { DataSource } from '../../data/source.ts';
import { HOLLOWED_PASS, type Season } from '../../domain/battlepass.ts';
import { formatCoins } from '../../domain/coinText.ts';
import { defaultSeason } from '../../domain/defaultSeason.ts';
import { itemUnlockedNamed } from '../../domain/itemNames.ts';
import { seasonStatusText, seasonWindowText } from '../../domain/seasonText.ts';
import { tierStateText, tierViews, type TierView } from '../../domain/tierViews.ts';
import { CoinIcon } from '../../ui/CoinIcon.tsx';
import { ItemPicture } from '../../ui/ItemPicture.tsx';
import { queueAction } from '../../state/queueAction.ts';
import { RarityPill } from '../../ui/RarityPill.tsx';
import { actingUser, type MaybeSession } from '../../state/requireUser.ts';
import { useNow } from '../../ui/useNow.ts';
import { useOnline } from '../../state/useOnline.ts';
import { useRefresh } from '../../state/useRefresh.ts';
import './pass.css';
import { notice } from '../../ui/notice.tsx';

async function refresh(runtime: PortalRuntime, userId: string | null): Promise<unknown> {
  const seasons = refreshSeasons(runtime.data);
  return Promise.allSettled([
    refreshShopItems(runtime.data),
    seasons,
    userId === null ? Promise.resolve() : seasons.then((list) => refreshGained(runtime.data, userId, list)),
    userId === null ? Promise.resolve() : runtime.reconcileNow(),
  ]);
}

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
        {item && <RarityPill rarity={item.rarity} />}
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

function Track({ season, data, session, now }: { season: Season; data: DataSource; session: MaybeSession; now: Date }) {
  const userId = session?.user.id ?? null;
  const track = useLiveQuery(() => readPassTrack(data, userId, season), [data, userId, season]);

  if (track === undefined) return null;
  const { items } = track;
  const views = tierViews(season, track.gained, track.owned, track.pending);
  const { status } = seasonStatusText(season, now);
  const next = views.find((v) => v.state === 'locked');

  async function claim(view: TierView) {
    if (actingUser(session) === null || userId === null) return;
    const queued = await queueAction(data, userId, 'claim_battlepass_tier', { p_season: season.season, p_tier: view.tier });
    if (queued) notice.success(itemUnlockedNamed(view.item_id, items.get(view.item_id)?.name));
  }

  return (
    <>
      {userId !== null && (
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
  const { runtime, session, status } = usePortal();
  const now = useNow(60_000);
  const [chosen, setChosen] = useState<number | null>(null);
  useRefresh(['BattlePass', 'Items'], refresh);
  const data = runtime?.data ?? null;
  const online = useOnline();
  // null: this device never loaded the seasons, which is not the same as there being none.
  const seasons = useLiveQuery(() => (data ? readMirroredSeasons(data) : Promise.resolve([])), [data]);

  const list = seasons ?? [];
  const season = list.find((s) => s.season === chosen) ?? defaultSeason(list, now);
  const summary = season ? seasonStatusText(season, now) : null;

  return (
    <Page name="pass" title={HOLLOWED_PASS.name}>
      <p className="page-lead">
        Every Dabloon you gain during a season moves you along its track. Reach a tier to claim its reward; spending never sets you back.
      </p>
      {status === 'signed-out' && (
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
                onClick={() => setChosen(s.season)}
              >
                {s.name}
              </button>
            ))}
        </div>
      )}
      {season && summary && runtime !== null ? (
        <section aria-labelledby="season-heading" data-testid="season" data-season={season.season}>
          <h2 id="season-heading" className="season-heading">
            {season.name} <span className={`season-status season-${summary.status}`} data-testid="season-status">{summary.status}</span>
          </h2>
          <p className="season-window">
            {seasonWindowText(season)} · {summary.text}
          </p>
          <Track season={season} data={runtime.data} session={session} now={now} />
        </section>
      ) : (
        seasons !== undefined &&
        runtime !== null &&
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
