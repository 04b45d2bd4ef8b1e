import type { ReactNode } from 'react';

/**
 * Nothing to show here, said kindly, with the next step: a list that is empty is never a dead end.
 * The action is required on purpose.
 */
export function EmptyState({ icon, title, children, action, headingLevel = 2 }: { icon: ReactNode; title: string; children?: ReactNode; action: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state" data-testid="empty-state">
      <span className="empty-state-icon" aria-hidden="true">
        {icon}
      </span>
      <Heading>{title}</Heading>
      {children !== undefined && <p>{children}</p>}
      <div className="form-actions">{action}</div>
    </div>
  );
}
