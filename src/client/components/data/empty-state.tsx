// STYLE.md rule 8: an empty list shows an icon, a title, a hint and, where there is one, the next action.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type Props = { icon: LucideIcon; title: string; hint: string; action?: ReactNode };

export function EmptyState({ icon: Icon, title, hint, action }: Props) {
  return (
    <div className="grid justify-items-center gap-3 py-10 text-center">
      <Icon aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{hint}</p>
      {action}
    </div>
  );
}
