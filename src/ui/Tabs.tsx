import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

function tabId(base: string, id: string): string {
  return `${base}-tab-${id}`;
}

function panelId(base: string, id: string): string {
  return `${base}-panel-${id}`;
}

/**
 * A row of tabs (the WAI-ARIA tabs pattern): one tab stop for the row, arrows, Home and End move
 * between the tabs and choose as they go. `base` ties the tabs to their panels (TabPanel).
 */
export function Tabs<T extends string>({ base, label, tabs, value, onChange }: { base: string; label: string; tabs: readonly TabItem<T>[]; value: T; onChange: (id: T) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((tab) => tab.id === value);
    const next =
      event.key === 'ArrowRight' ? (at + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (at - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : -1;
    if (next === -1) return;
    event.preventDefault();
    const id = tabs[next]!.id;
    onChange(id);
    document.getElementById(tabId(base, id))?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(base, tab.id)}
          aria-selected={tab.id === value}
          aria-controls={panelId(base, tab.id)}
          tabIndex={tab.id === value ? 0 : -1}
          onClick={() => onChange(tab.id)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ base, id, children }: { base: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(base, id)} aria-labelledby={tabId(base, id)}>
      {children}
    </div>
  );
}
