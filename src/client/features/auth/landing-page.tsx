// The public landing page (SPEC.md §2.2): header, hero, the six advertised features (SPEC.md §1), the county's
// facility counts from the API, and a footer. Kept light (no charts, no dialogs): it is the first download on
// a rural link (DESIGN.md §10, 120 KB gzipped). For the same reason it styles plain links with buttonVariants
// rather than importing Button and Card, which bring tailwind-merge and Radix Slot.
import './auth.strings';
import { Banknote, Building2, FileBarChart, Languages, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { COUNTY_PROFILE } from '../../../shared/county';
import { buttonVariants } from '../../components/ui/button-variants';
import { FacilityCounts } from './facility-counts';
import { LanguageSwitch } from './language-switch';
import { PublicBrand } from './public-brand';

const FEATURES: { key: string; icon: LucideIcon }[] = [
  { key: 'patients', icon: Users },
  { key: 'revenue', icon: Banknote },
  { key: 'facilities', icon: Building2 },
  { key: 'security', icon: ShieldCheck },
  { key: 'language', icon: Languages },
  { key: 'reports', icon: FileBarChart },
];

export function LandingPage() {
  const { t } = useTranslation();
  const county = COUNTY_PROFILE.name;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
          <PublicBrand />
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <LanguageSwitch />
            <Link href="/demo" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {t('landing.demoLogin')}
            </Link>
            {/* A browser navigation, not a client route: the server answers /api/login (SPEC.md §2.1). */}
            <a href="/api/login" className={buttonVariants({ size: 'sm' })}>
              {t('landing.staffLogin')}
            </a>
          </div>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-accent/60 to-background">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 text-center md:py-24">
            <p className="text-sm font-semibold uppercase tracking-wide text-accent-foreground">{t('landing.hero.eyebrow', { county })}</p>
            <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{t('landing.hero.title')}</h1>
            <p className="mx-auto max-w-2xl text-lg text-muted-foreground">{t('landing.hero.subtitle', { county })}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Link href="/demo" className={buttonVariants({ size: 'lg' })}>
                {t('landing.hero.accessSystem')}
              </Link>
              <Link href="/demo" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                {t('landing.hero.tryDemo')}
              </Link>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="features-heading" className="mb-8 text-center text-2xl font-bold">{t('landing.features.heading')}</h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, icon: Icon }) => (
              <li key={key} className="grid content-start gap-3 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
                <div className="flex items-center gap-3">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="h-5 w-5" />
                  </span>
                  <h3 className="font-semibold">{t(`landing.features.${key}.title`)}</h3>
                </div>
                <p className="text-sm text-muted-foreground">{t(`landing.features.${key}.body`)}</p>
                {/* The real biometric sign-in is a passkey (domain/REPORTING.md §Passkeys): said beside the spec's words. */}
                {key === 'security' ? <p className="text-sm text-muted-foreground">{t('landing.features.security.passkey')}</p> : null}
              </li>
            ))}
          </ul>
        </section>

        <FacilityCounts county={county} />
      </main>

      <footer className="border-t bg-background">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-muted-foreground md:flex-row md:justify-between">
          <p>
            <span className="font-semibold text-foreground">AfyaKaunti</span> · {t('landing.footer.tagline')}
          </p>
          <p>{t('landing.footer.rights', { year: new Date().getFullYear(), county })}</p>
        </div>
      </footer>
    </div>
  );
}
