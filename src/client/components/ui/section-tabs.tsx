// Sections as tabs (WAI-ARIA tabs pattern: arrows, Home and End move between tabs): MOH Reports' settings and System
// Settings. A section is drawn the first time it is opened and then kept, hidden, so that typing in one (the KHIS
// identifiers) survives a look at another. `scroll`: more tabs than a phone is wide, so the list scrolls sideways
// instead of squeezing them.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

export type Section<T extends string> = { id: T; label: string; content: () => ReactNode };

export function SectionTabs<T extends string>({ label, sections, initial, scroll = false }: { label: string; sections: readonly Section<T>[]; initial: T; scroll?: boolean }) {
  const base = useId();
  const [current, setCurrent] = useState<T>(initial);
  const [opened, setOpened] = useState<ReadonlySet<T>>(() => new Set([initial]));
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(0, sections.findIndex((s) => s.id === current));
  const open = (id: T) => {
    setCurrent(id);
    setOpened((was) => (was.has(id) ? was : new Set([...was, id])));
  };
  const move = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? sections.length - 1 : step ? (index + step + sections.length) % sections.length : -1;
    if (to < 0) return;
    e.preventDefault();
    open(sections[to]!.id);
    refs.current[to]?.focus();
  };
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div role="tablist" aria-label={label} className={cn('flex gap-1 border-b', scroll && 'overflow-x-auto')} onKeyDown={move}>
        {sections.map((s, i) => (
          <button
            key={s.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${base}-tab-${s.id}`}
            type="button"
            role="tab"
            aria-selected={i === index}
            // A panel not drawn yet cannot be named.
            aria-controls={opened.has(s.id) ? `${base}-panel-${s.id}` : undefined}
            tabIndex={i === index ? 0 : -1}
            onClick={() => open(s.id)}
            className={cn(
              '-mb-px border-b-2 py-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              scroll ? 'flex-none whitespace-nowrap px-3' : 'min-w-0 flex-1 px-2 text-center leading-tight sm:flex-none sm:px-3',
              i === index ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {s.label}
          </button>
        ))}
      </div>
      {sections.map((s) =>
        opened.has(s.id) ? (
          <div key={s.id} role="tabpanel" id={`${base}-panel-${s.id}`} aria-labelledby={`${base}-tab-${s.id}`} hidden={s.id !== current} className="min-w-0">
            {s.content()}
          </div>
        ) : null,
      )}
    </div>
  );
}
