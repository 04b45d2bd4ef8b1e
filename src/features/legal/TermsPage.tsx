import { Link } from 'react-router-dom';
import { Card } from '../../ui/Card.tsx';
import { Page } from '../../ui/Page.tsx';
import './legal.css';

export default function TermsPage() {
  return (
    <Page name="terms" title="Terms of service">
      <Card as="div" className="legal">
        <p className="page-lead">
          The portal is free for students. By using it you agree to these rules. They are short so that you actually read them.
        </p>

        <h2>Play fair</h2>
        <ul>
          <li>No cheating on the leaderboards: submit only scores you really got, with a real screenshot as proof.</li>
          <li>Do not try to get coins, items or streaks in ways the portal does not offer, or break the portal for others.</li>
          <li>One account per person. Keep your password to yourself.</li>
        </ul>

        <h2>Be kind</h2>
        <ul>
          <li>No offensive usernames, icons or about texts.</li>
          <li>
            In the chat: no bullying, hate, threats, spam, or sharing anyone’s personal details (including your own address or phone
            number). Rude words are hidden automatically; use Report for anything that should not be there.
          </li>
          <li>Creators: link only your own videos, and keep them suitable for students.</li>
        </ul>

        <h2>Coins and items</h2>
        <p>
          Dabloons, items and Hollowed Pass rewards are for fun inside the portal. They cannot be bought with real money, sold or
          exchanged, and they have no value outside the portal.
        </p>

        <h2>Your school’s rules come first</h2>
        <p>Play when you are allowed to. If your school or family says not now, it is not now.</p>

        <h2>When rules are broken</h2>
        <p>
          We may hide messages, remove scores, or remove accounts that break these rules. If you think we got it wrong, write to us
          through the <Link to="/takedown">request form</Link>.
        </p>

        <h2>Games from others</h2>
        <p>
          Some games come from other websites and belong to their makers. If you own one and want it removed, use the{' '}
          <Link to="/takedown">takedown form</Link>.
        </p>

        <h2>No guarantees</h2>
        <p>
          We try hard to keep the portal working and your progress safe, but it is offered as it is, and it may change or be down
          sometimes. See the <Link to="/privacy">privacy policy</Link> for what we store.
        </p>
      </Card>
    </Page>
  );
}
