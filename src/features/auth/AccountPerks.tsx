import { Cloud, Flame, Palette, Trophy } from 'lucide-react';

/** What an account is for, beside the sign-in form on a wide screen. */
export function AccountPerks() {
  return (
    <section className="panel split-aside" aria-labelledby="account-perks">
      <h2 id="account-perks">What an account keeps for you</h2>
      <ul>
        <li>
          <Flame aria-hidden="true" size={22} />
          <span>Your daily streak, and the Dabloons it doubles.</span>
        </li>
        <li>
          <Palette aria-hidden="true" size={22} />
          <span>The cursors, backgrounds and fonts you buy in the shop.</span>
        </li>
        <li>
          <Trophy aria-hidden="true" size={22} />
          <span>Your best scores on the leaderboards.</span>
        </li>
        <li>
          <Cloud aria-hidden="true" size={22} />
          <span>Your game saves, on every computer you sign in on.</span>
        </li>
      </ul>
    </section>
  );
}
