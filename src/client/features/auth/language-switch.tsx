import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../lib/i18n';

const NAMES = { en: 'English', sw: 'Kiswahili' } as const;

/**
 * English / Kiswahili on the landing page (SPEC.md §1 "local language support"), where a Kiswahili speaker
 * starts: two plain toggle buttons, not a Radix menu, so the page stays light. Names are in their own language.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('landing.language')} className="flex overflow-hidden rounded-md border border-input">
      {LANGUAGES.map((lng) => {
        const active = i18n.language === lng;
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            aria-pressed={active}
            onClick={() => void setLanguage(lng)}
            className={`h-9 px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring ${
              active ? 'bg-primary text-primary-foreground' : 'bg-background hover:bg-accent hover:text-accent-foreground'
            }`}
          >
            {NAMES[lng]}
          </button>
        );
      })}
    </div>
  );
}
