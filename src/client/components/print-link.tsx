// A printed document (the server's PDFs, core/pdf.ts): a link styled as a button that opens the PDF in a new tab,
// where the browser's viewer prints it (on a phone too). The document speaks the language on screen: the link
// carries it as ?lang, the one sign of it a new tab has.
import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/language';
import { Button } from './ui/button';

type Props = {
  href: (lang: Language) => string;
  label: string;
  /** The link's name when the screen shows several (one per visit): which document it opens. */
  ariaLabel?: string;
  size?: 'default' | 'sm';
};

export function PrintLink({ href, label, ariaLabel, size = 'default' }: Props) {
  const { i18n } = useTranslation();
  const lang: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  return (
    <Button asChild variant="outline" size={size}>
      <a href={href(lang)} target="_blank" rel="noopener" aria-label={ariaLabel}>
        <Printer aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
