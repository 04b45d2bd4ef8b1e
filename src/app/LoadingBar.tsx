import { useLoading } from '../state/loading.tsx';

export function LoadingBar() {
  const { loading } = useLoading();
  if (!loading) return null;
  return <div className="loading-bar" role="progressbar" aria-label="Loading" data-testid="loading-bar" />;
}
