// A table that scrolls sideways inside its card on a phone (issue 12) and can be scrolled from the keyboard: the
// scrolling box is a named region that takes the focus (WCAG 2.1.1; axe's scrollable-region-focusable), as the
// staff table and the MOH report figures do. For tables with no control inside to focus. A `tall` one (a year of
// cash book lines) scrolls inside a bounded box, and prints whole.
import type { ReactNode } from 'react';

export function RegionTable({ label, children, testId, tall = false }: { label: string; children: ReactNode; testId?: string; tall?: boolean }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} data-testid={testId} className={`relative w-full overflow-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${tall ? 'max-h-[36rem] print:max-h-none' : ''}`}>
      <table className="w-full caption-bottom text-sm">{children}</table>
    </div>
  );
}
