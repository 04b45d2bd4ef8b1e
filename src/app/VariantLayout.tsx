import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { showsVariantBanner } from '../domain/banner.ts';
import { VariantBanner, VariantFooter, VariantHeader } from './chrome.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { SignedInOffers } from './SignedInOffers.tsx';

export function VariantLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LoadingBar />
      {showsVariantBanner(pathname) && <VariantBanner />}
      <VariantHeader />
      <main id="main" className="main">
        <SignedInOffers />
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <VariantFooter />
    </>
  );
}
