import './system-test.strings';
import { Download, ExternalLink, Loader2, Play, TrendingUp, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useAuth } from '../../app/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FACILITIES_CSV_PATH } from '../facilities';
import { CheckResultItem } from './check-result-item';
import { CHECKS } from './system-test.checks';
import { useSystemTest } from './use-system-test';

/** System Test (SPEC.md §2.17): runs the checks of §7 against the live server and shows what each returned. */
export function SystemTestPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const email = auth.status === 'authenticated' ? (auth.user?.email ?? null) : null;
  const { results, running, finished, totals, run } = useSystemTest(email);
  const tiles = [
    { key: 'total', value: totals.total, tone: '' },
    { key: 'passed', value: totals.passed, tone: 'text-green-700' },
    { key: 'warnings', value: totals.warnings, tone: 'text-yellow-700' },
    { key: 'failed', value: totals.failed, tone: 'text-red-700' },
  ] as const;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('systemTest.title')}</h1>
          <p className="text-muted-foreground">{t('systemTest.subtitle')}</p>
        </div>
        <Button onClick={() => void run()} disabled={running}>
          {running ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Play aria-hidden="true" />}
          {running ? t('systemTest.running') : t('systemTest.runAll')}
        </Button>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('systemTest.totals.label')}>
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Card data-testid={`total-${tile.key}`}>
              <CardContent className="p-4">
                <p className="text-sm text-muted-foreground">{t(`systemTest.totals.${tile.key}`)}</p>
                <p className={`text-2xl font-bold ${tile.tone}`} data-testid="value">
                  {tile.value}
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <p role="status" className="sr-only">
        {finished ? t('systemTest.finished', { passed: totals.passed, warnings: totals.warnings, failed: totals.failed }) : ''}
      </p>

      <Card>
        <CardHeader>
          <CardTitle>{t('systemTest.resultsTitle')}</CardTitle>
          <CardDescription>{t('systemTest.loginNote')}</CardDescription>
        </CardHeader>
        <CardContent className="p-0">
          <ol className="divide-y border-t">
            {CHECKS.map((check) => (
              <CheckResultItem key={check.id} check={check} result={results[check.id]} />
            ))}
          </ol>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('systemTest.quick.title')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href="/demo" target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              {t('systemTest.quick.demo')}
              <span className="sr-only">{t('systemTest.quick.newTab')}</span>
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={FACILITIES_CSV_PATH} target="_blank" rel="noopener">
              <Download aria-hidden="true" />
              {t('systemTest.quick.download')}
              <span className="sr-only">{t('systemTest.quick.newTab')}</span>
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link href="/patients">
              <Users aria-hidden="true" />
              {t('systemTest.quick.patients')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/revenue">
              <TrendingUp aria-hidden="true" />
              {t('systemTest.quick.revenue')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
