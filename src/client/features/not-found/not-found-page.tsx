import { AlertCircle, Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';

/** SPEC.md §2.1: any path outside the route table, signed in or not, with the spec's developer hint. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle aria-hidden="true" className="h-8 w-8 shrink-0 text-destructive" />
            <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{t('notFound.body')}</p>
          <p className="text-sm text-muted-foreground">{t('notFound.hint')}</p>
          <Button asChild className="justify-self-start">
            <Link href="/">
              <Home aria-hidden="true" />
              {t('notFound.goHome')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
