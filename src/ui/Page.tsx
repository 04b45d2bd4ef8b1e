import { useEffect, type ReactNode } from 'react';

export const SITE_NAME = 'Hollowed Portal';

/** Sets the tab title while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
  }, [title]);
}

interface PageProps {
  /** Route name: the page root gets data-testid="page-<name>". */
  name: string;
  title: string;
  /** Visible heading; defaults to the title. */
  heading?: ReactNode;
  children?: ReactNode;
}

export function Page({ name, title, heading, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <section className="page" data-testid={`page-${name}`} aria-labelledby={`page-${name}-heading`}>
      <h1 id={`page-${name}-heading`}>{heading ?? title}</h1>
      {children}
    </section>
  );
}

