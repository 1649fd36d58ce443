// SPEC.md §2.16 five category cards, each naming its reports: the first four, then "+N more reports", which opens
// the rest in place. A name opens the Generate dialog with that report chosen; a report that waits for data the
// county does not record yet is marked so, and its dialog says which data.
import { Activity, BarChart3, ClipboardCheck, Cog, Landmark, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportKind, ReportType } from '../../../shared/reports';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { CARD_VISIBLE, CATEGORIES, cardItems, formCode, itemNeedsData, type CardItem } from './report-catalogue';

const ICONS: Record<ReportType, LucideIcon> = {
  clinical: Activity,
  financial: Landmark,
  operational: Cog,
  compliance: ClipboardCheck,
  analytics: BarChart3,
};

type OpenReport = (kind: ReportKind, options?: { khis?: boolean }) => void;

export function ReportCategories({ onOpen }: { onOpen: OpenReport }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reports-categories-heading" className="grid gap-3 print:hidden">
      <h2 id="reports-categories-heading" className="text-lg font-semibold">
        {t('reports.cards.heading')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {CATEGORIES.map((type) => (
          <li key={type}>
            <CategoryCard type={type} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryCard({ type, onOpen }: { type: ReportType; onOpen: OpenReport }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const items = cardItems(type);
  const shown = expanded ? items : items.slice(0, CARD_VISIBLE);
  const more = items.length - CARD_VISIBLE;
  const Icon = ICONS[type];
  const listId = `reports-card-${type}-list`;
  return (
    <Card className="h-full" role="group" aria-labelledby={`reports-card-${type}`} data-testid={`reports-category-${type}`}>
      <CardHeader className="pb-3">
        <CardTitle id={`reports-card-${type}`} className="flex items-center gap-2 text-base">
          <Icon aria-hidden="true" className="h-5 w-5 text-primary" />
          {t(`reports.cards.titles.${type}`)}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t(`reports.cards.descriptions.${type}`)}</p>
      </CardHeader>
      <CardContent className="grid gap-2">
        <ul id={listId} className="grid gap-1">
          {shown.map((item) => (
            <li key={item.id}>
              <CardLine item={item} onOpen={onOpen} />
            </li>
          ))}
        </ul>
        {more > 0 ? (
          <Button variant="link" size="sm" className="justify-self-start px-0" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((e) => !e)}>
            {expanded ? t('reports.cards.fewer') : t('reports.cards.more', { count: more })}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

const LINE = 'h-auto min-h-10 w-full justify-between whitespace-normal px-2 py-1.5 text-left font-normal sm:min-h-9';

/** One report (a button), or a family of forms: its name, then a button per form. */
function CardLine({ item, onOpen }: { item: CardItem; onOpen: OpenReport }) {
  const { t } = useTranslation();
  const needs = itemNeedsData(item);
  if (item.kinds.length > 1) {
    return (
      <div className="grid gap-1 px-2 py-1.5">
        <p className="text-sm">{t(item.label)}</p>
        <div className="flex flex-wrap gap-1.5">
          {item.kinds.map((kind) => (
            <Button key={kind} variant="outline" size="sm" aria-label={t(`reports.kinds.${kind}`)} onClick={() => onOpen(kind)}>
              {formCode(kind)}
            </Button>
          ))}
        </div>
      </div>
    );
  }
  return (
    <Button variant="ghost" size="sm" className={LINE} onClick={() => onOpen(item.kinds[0]!, { khis: item.khis })}>
      <span>{t(item.label)}</span>
      {needs ? <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{t('reports.cards.needsData')}</span> : null}
    </Button>
  );
}
