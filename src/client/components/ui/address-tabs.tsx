// A screen's sections as tabs whose choice lives in the address (?tab=), so a link or a reload lands on it (Accounting,
// Payroll): the WAI-ARIA tab list, the arrow keys moving between tabs, and the panel's id for each tab's aria-controls.
// The screen draws the one panel open (`panelProps`); a tab's code loads when it is first opened.
import { cn } from '../../lib/utils';

type Props<T extends string> = {
  /** The ids' stem: `${id}-tab-<name>` and `${id}-panel-<name>`. */
  id: string;
  label: string;
  tabs: readonly T[];
  current: T;
  onOpen: (tab: T) => void;
  name: (tab: T) => string;
};

export function AddressTabs<T extends string>({ id, label, tabs, current, onOpen, name }: Props<T>) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b print:hidden">
      {tabs.map((tab, i) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`${id}-tab-${tab}`}
          aria-selected={current === tab}
          aria-controls={`${id}-panel-${tab}`}
          tabIndex={current === tab ? 0 : -1}
          className={cn(
            '-mb-px min-h-10 shrink-0 whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium',
            current === tab ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
          )}
          onClick={() => onOpen(tab)}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            e.preventDefault();
            const next = tabs[(i + step + tabs.length) % tabs.length]!;
            onOpen(next);
            document.getElementById(`${id}-tab-${next}`)?.focus();
          }}
        >
          {name(tab)}
        </button>
      ))}
    </div>
  );
}

/** The open tab's panel attributes, tied to its tab. */
export const panelProps = (id: string, tab: string) => ({ role: 'tabpanel', id: `${id}-panel-${tab}`, 'aria-labelledby': `${id}-tab-${tab}` }) as const;
