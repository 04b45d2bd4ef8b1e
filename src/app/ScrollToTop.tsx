import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every path change starts at the top of the page, as a full page load would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
