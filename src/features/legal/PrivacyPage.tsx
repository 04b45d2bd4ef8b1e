import { Link } from 'react-router-dom';
import { Card } from '../../ui/Card.tsx';
import { Page } from '../../ui/Page.tsx';
import { config } from '../../config.ts';
import './legal.css';

export default function PrivacyPage() {
  const analytics = config.posthogKey !== undefined;
  return (
    <Page name="privacy" title="Privacy policy">
      <Card as="div" className="legal">
        <p className="page-lead">
          This page says, in plain words, what the portal keeps about you, why, and how to get it deleted. We keep only what the
          portal needs to work, and we never sell your data or show you ads.
        </p>

        <h2>If you just play</h2>
        <p>
          You can play every game without an account. Nothing about you is stored on our server then. Your browser keeps a copy of
          the portal and its games so they work offline, and remembers your favourite games on your device only.
        </p>

        <h2>What we store when you have an account</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address and a scrambled (hashed) version of your password, so you can sign in
            and reset your password. Your e-mail is never shown to other students.
          </li>
          <li>
            <strong>Your profile:</strong> your username, icon, about text and badges, and the answers you gave when you joined
            (where you heard about us). Others can see your username, icon, about text and badges.
          </li>
          <li>
            <strong>Your progress:</strong> your streak, coins (Dabloons) and how you earned or spent them, the items you unlocked and
            equipped, the games you played and how long you played. Streaks, time played and games played can appear on the
            leaderboards.
          </li>
          <li>
            <strong>Scores and proofs:</strong> high scores you submit and the screenshot you attach as proof. Scores are public on
            the leaderboards.
          </li>
          <li>
            <strong>Chat:</strong> the messages you send in the chat, with the time, and any reports you make. Other signed-in
            students can read your messages; moderators read reported ones. Your device keeps the latest messages you have seen, so
            the chat opens offline. A portal run on a school computer for a class also keeps the network address each message came
            from, for 10 seconds only, so that one device cannot flood the chat.
          </li>
          <li>
            <strong>Creator accounts:</strong> if you are an approved creator, the social accounts and video links you add are public.
          </li>
        </ul>

        <h2>Analytics</h2>
        {analytics ? (
          <p data-testid="privacy-analytics">
            This copy of the portal uses a product-analytics service (PostHog) to see which pages and games are used, so we can
            improve them. When you are signed in, those statistics are linked to your account id (not your e-mail). Surveys are
            turned off.
          </p>
        ) : (
          <p data-testid="privacy-analytics">
            This copy of the portal has no analytics: nothing about how you use it is sent to any analytics service.
          </p>
        )}
        <p>
          The portal also asks a time server for the current time once per visit, to warn you if your device clock is wrong. That
          request carries nothing about you.
        </p>

        <h2>Who can see it</h2>
        <p>
          Only the people who run the portal can see your account data, and only to keep the portal running and safe. Games from
          other websites are shown from those websites, which have their own privacy policies; a game you keep in your offline pack
          is played from the copy on your device, shut off from your account and the portal’s data.
        </p>

        <h2>Getting your data deleted</h2>
        <p>
          You can ask for your account and everything linked to it to be deleted at any time. Send a request through the{' '}
          <Link to="/takedown">request form</Link>: put the e-mail address of your account, write “Please delete my account” as the
          reason, and we will delete it and confirm by e-mail. Deleting an account removes its profile, progress, scores, proofs and
          chat messages.
        </p>
        <p>
          To remove what is kept on your device, clear the <Link to="/cache">offline cache</Link> (the saved portal and games) or
          your browser’s site data for the portal (everything, including the chat messages kept for offline reading).
        </p>

        <h2>Changes</h2>
        <p>If we change what we store, we will update this page before the change happens.</p>
      </Card>
    </Page>
  );
}
