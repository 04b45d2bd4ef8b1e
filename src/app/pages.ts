import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Every page is its own chunk: the home page's first paint needs only the shell.

/** A page's lazy component with its chunk's loader, so the page a visit opens on can be fetched before the first render. */
export type PageComponent<P> = LazyExoticComponent<ComponentType<P>> & { load(): Promise<unknown> };

function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PageComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      // A chunk that failed (offline before the worker held it) is asked for again next time.
      loading = null;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { load: once });
}

export const AppListPage = page(() => import('../features/catalogue/AppListPage.tsx'));
export const AppDetailPage = page(() => import('../features/catalogue/AppDetailPage.tsx'));
export const VariantHomePage = page(() => import('../features/catalogue/VariantHomePage.tsx'));
export const CategoryPage = page(() => import('../features/catalogue/CategoryPage.tsx'));
export const GameGridPage = page(() => import('../features/catalogue/GameGridPage.tsx'));

export const PrivacyPage = page(() => import('../features/legal/PrivacyPage.tsx'));
export const TermsPage = page(() => import('../features/legal/TermsPage.tsx'));

export const AuthPage = page(() => import('../features/auth/AuthPage.tsx'));
export const AuthCallbackPage = page(() => import('../features/auth/AuthCallbackPage.tsx'));
export const ChangePasswordPage = page(() => import('../features/auth/ChangePasswordPage.tsx'));

export const ChatPage = page(() => import('../features/chat/ChatPage.tsx'));
export const StreakPage = page(() => import('../features/streak/StreakPage.tsx'));
export const FriendsPage = page(() => import('../features/classmates/FriendsPage.tsx'));
export const MatchPage = page(() => import('../features/matches/MatchPage.tsx'));
export const MatchJoinPage = page(() => import('../features/matches/MatchJoinPage.tsx'));
export const ShopPage = page(() => import('../features/shop/ShopPage.tsx'));
export const PassPage = page(() => import('../features/battlepass/PassPage.tsx'));
export const LeaderboardPage = page(() => import('../features/leaderboard/LeaderboardPage.tsx'));

export const ProfilePage = page(() => import('../features/profile/ProfilePage.tsx'));
export const SettingsPage = page(() => import('../features/profile/SettingsPage.tsx'));
export const OnboardingPage = page(() => import('../features/profile/OnboardingPage.tsx'));

export const CachePage = page(() => import('../features/utility/CachePage.tsx'));
export const MirrorsPage = page(() => import('../features/utility/MirrorsPage.tsx'));
export const TakedownPage = page(() => import('../features/utility/TakedownPage.tsx'));
export const ModeratePage = page(() => import('../features/moderation/ModeratePage.tsx'));
export const IframeCheckPage = page(() => import('../features/utility/IframeCheckPage.tsx'));
export const NotFoundPage = page(() => import('../features/utility/NotFoundPage.tsx'));

export const CreatorAccountsPage = page(() => import('../features/creator/CreatorAccountsPage.tsx'));
export const CreatorVideosPage = page(() => import('../features/creator/CreatorVideosPage.tsx'));
export const CreatorVideoPage = page(() => import('../features/creator/CreatorVideoPage.tsx'));
export const CreatorAppPage = page(() => import('../features/creator/CreatorAppPage.tsx'));
export const YtPage = page(() => import('../features/creator/YtPage.tsx'));
