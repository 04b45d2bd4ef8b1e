import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer, Navbar, SecondFooter } from './chrome.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { SignedInOffers } from './SignedInOffers.tsx';

export function DefaultLayout() {
  const { pathname } = useLocation();
  // Onboarding is a focused first-run flow: nothing to wander off to.
  const onboarding = pathname.includes('/onboarding');
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LoadingBar />
      {!onboarding && <Navbar />}
      <main id="main" className="main">
        {!onboarding && <SignedInOffers />}
        {/* Empty while a page's chunk loads, per the spec. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {!onboarding && <SecondFooter />}
      <Footer />
    </>
  );
}
