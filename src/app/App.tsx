import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { CosmeticsApplier } from '../features/cosmetics/CosmeticsApplier.tsx';
import { PresenceBeat } from '../features/classmates/PresenceBeat.tsx';
import { BackgroundChecks } from '../features/utility/BackgroundChecks.tsx';
import { LoadingProvider } from '../state/loading.tsx';
import { PortalProvider } from '../state/portal.tsx';
import { applyOverrideFromSearch } from './override.ts';
import { DefaultRoutes, VariantRoutes } from './routes.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { LayoutProvider, useLayoutChoice } from './theme.tsx';
import { Toasts } from '../ui/Toasts.tsx';

/** Picks up a tester's ?layout= / ?flag= override on in-app navigation too, not only on load. */
function OverrideFromQuery() {
  const { search } = useLocation();
  useEffect(() => {
    applyOverrideFromSearch(search);
  }, [search]);
  return null;
}

function LayoutRoutes() {
  const { layout } = useLayoutChoice();
  return layout === 'variant' ? <VariantRoutes /> : <DefaultRoutes />;
}

export function App() {
  return (
    <BrowserRouter>
      <OverrideFromQuery />
      <LayoutProvider>
        <LoadingProvider>
          <PortalProvider>
            <ScrollToTop />
            <CosmeticsApplier />
            <BackgroundChecks />
            <PresenceBeat />
            <LayoutRoutes />
            <Toasts />
          </PortalProvider>
        </LoadingProvider>
      </LayoutProvider>
    </BrowserRouter>
  );
}
