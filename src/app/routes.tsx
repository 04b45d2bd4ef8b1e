import { Route, Routes } from 'react-router-dom';
import { config } from '../config.ts';
import { DefaultLayout } from './DefaultLayout.tsx';
import { VariantLayout } from './VariantLayout.tsx';
import * as P from './pages.ts';

// Pages both layouts share: utility, auth, profile, creator and legal. React Router ranks static
// segments above dynamic ones, so these win over /:category.
const shared = (
  <>
    <Route path="privacy" element={<P.PrivacyPage />} />
    <Route path="terms" element={<P.TermsPage />} />
    <Route path="auth" element={<P.AuthPage />} />
    <Route path="auth/callback" element={<P.AuthCallbackPage />} />
    <Route path="change-password" element={<P.ChangePasswordPage />} />
    <Route path="chad" element={<P.ChatPage />} />
    <Route path="friends" element={<P.FriendsPage />} />
    <Route path="play/:matchId" element={<P.MatchPage />} />
    <Route path="play/join/:code" element={<P.MatchJoinPage />} />
    <Route path="streak" element={<P.StreakPage />} />
    <Route path="shop" element={<P.ShopPage />} />
    <Route path="pass" element={<P.PassPage />} />
    <Route path="leaderboard" element={<P.LeaderboardPage />} />
    <Route path="profile" element={<P.ProfilePage />} />
    <Route path="profile/:username" element={<P.ProfilePage />} />
    <Route path="settings" element={<P.SettingsPage />} />
    <Route path="onboarding" element={<P.OnboardingPage />} />
    <Route path="cache" element={<P.CachePage />} />
    <Route path="mirrors" element={<P.MirrorsPage />} />
    <Route path="takedown" element={<P.TakedownPage />} />
    <Route path="moderate" element={<P.ModeratePage />} />
    <Route path="iframeCheck" element={<P.IframeCheckPage />} />
    <Route path="creator" element={<P.CreatorAccountsPage />} />
    <Route path="creator/:socialId" element={<P.CreatorVideosPage />} />
    <Route path="creator/:socialId/:videoId" element={<P.CreatorVideoPage />} />
    <Route path="*" element={<P.NotFoundPage />} />
  </>
);

const featured = config.featuredApp;

/** The default layout's routes: rendered by DefaultRoutes, and matched before the first render (preloadPage.ts). */
export const defaultRoutes = (
  <Route element={<DefaultLayout />}>
    {/* A featured-app deployment opens on that app; the full list stays at /class. */}
    <Route index element={featured === undefined ? <P.AppListPage /> : <P.AppDetailPage title={featured} />} />
    <Route path="class" element={<P.AppListPage />} />
    <Route path="class/creator" element={<P.CreatorAppPage />} />
    <Route path="class/:appTitle" element={<P.AppDetailPage />} />
    <Route path="yt" element={<P.YtPage />} />
    <Route path=":category" element={<P.CategoryPage strict />} />
    {shared}
  </Route>
);

/** The variant layout's routes, as defaultRoutes. */
export const variantRoutes = (
  <Route element={<VariantLayout />}>
    <Route index element={<P.VariantHomePage />} />
    <Route path="class" element={<P.VariantHomePage />} />
    <Route path="class/:title" element={<P.GameGridPage />} />
    <Route path=":category" element={<P.CategoryPage />} />
    {shared}
  </Route>
);

export function DefaultRoutes() {
  return <Routes>{defaultRoutes}</Routes>;
}

export function VariantRoutes() {
  return <Routes>{variantRoutes}</Routes>;
}
