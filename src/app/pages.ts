import { lazy } from 'react';

// Every page is its own chunk: the home page's first paint needs only the shell.

export const AppListPage = lazy(() => import('../features/catalogue/AppListPage.tsx'));
export const AppDetailPage = lazy(() => import('../features/catalogue/AppDetailPage.tsx'));
export const VariantHomePage = lazy(() => import('../features/catalogue/VariantHomePage.tsx'));
export const CategoryPage = lazy(() => import('../features/catalogue/CategoryPage.tsx'));
export const GameGridPage = lazy(() => import('../features/catalogue/GameGridPage.tsx'));

export const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage.tsx'));
export const TermsPage = lazy(() => import('../features/legal/TermsPage.tsx'));

export const AuthPage = lazy(() => import('../features/auth/AuthPage.tsx'));
export const AuthCallbackPage = lazy(() => import('../features/auth/AuthCallbackPage.tsx'));
export const ChangePasswordPage = lazy(() => import('../features/auth/ChangePasswordPage.tsx'));

export const ChatPage = lazy(() => import('../features/chat/ChatPage.tsx'));
export const StreakPage = lazy(() => import('../features/streak/StreakPage.tsx'));
export const ShopPage = lazy(() => import('../features/shop/ShopPage.tsx'));
export const PassPage = lazy(() => import('../features/battlepass/PassPage.tsx'));
export const LeaderboardPage = lazy(() => import('../features/leaderboard/LeaderboardPage.tsx'));

export const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'));
export const SettingsPage = lazy(() => import('../features/profile/SettingsPage.tsx'));
export const OnboardingPage = lazy(() => import('../features/profile/OnboardingPage.tsx'));

export const CachePage = lazy(() => import('../features/utility/CachePage.tsx'));
export const MirrorsPage = lazy(() => import('../features/utility/MirrorsPage.tsx'));
export const TakedownPage = lazy(() => import('../features/utility/TakedownPage.tsx'));
export const ModeratePage = lazy(() => import('../features/moderation/ModeratePage.tsx'));
export const IframeCheckPage = lazy(() => import('../features/utility/IframeCheckPage.tsx'));
export const NotFoundPage = lazy(() => import('../features/utility/NotFoundPage.tsx'));

export const CreatorAccountsPage = lazy(() => import('../features/creator/CreatorAccountsPage.tsx'));
export const CreatorVideosPage = lazy(() => import('../features/creator/CreatorVideosPage.tsx'));
export const CreatorVideoPage = lazy(() => import('../features/creator/CreatorVideoPage.tsx'));
export const CreatorAppPage = lazy(() => import('../features/creator/CreatorAppPage.tsx'));
export const YtPage = lazy(() => import('../features/creator/YtPage.tsx'));
