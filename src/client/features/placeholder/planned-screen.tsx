import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

/**
 * A screen of the route table that is not built yet. It says so plainly instead of showing sample figures
 * (DESIGN.md §1: nothing on screen is made up).
 */
export function PlannedScreen({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">{t(`planned.titles.${screen}`)}</h1>
      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <Construction aria-hidden="true" className="h-6 w-6 text-muted-foreground" />
          <div>
            <CardTitle>{t('planned.heading')}</CardTitle>
            <CardDescription>{t('planned.body')}</CardDescription>
          </div>
        </CardHeader>
        <CardContent />
      </Card>
    </div>
  );
}
