// Tabs for the Process Payment dialog (WAI-ARIA tabs pattern: arrow keys move between tabs, one panel shown).
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

export type Tab<T extends string> = { id: T; label: string; content: ReactNode };

export function Tabs<T extends string>({ label, tabs, value, onChange }: { label: string; tabs: Tab<T>[]; value: T; onChange: (id: T) => void }) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(0, tabs.findIndex((t) => t.id === value));
  const move = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : step ? (index + step + tabs.length) % tabs.length : -1;
    if (to < 0) return;
    e.preventDefault();
    onChange(tabs[to]!.id);
    refs.current[to]?.focus();
  };
  const current = tabs[index]!;
  return (
    <div className="grid gap-4">
      <div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1 sm:grid-cols-4" onKeyDown={move}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={i === index}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={cn(
              'rounded-sm px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              i === index ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`} tabIndex={0} className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2">
        {current.content}
      </div>
    </div>
  );
}
