// A server message sent as a key and its facts (issue 30 item 8), worded in the reader's language. The key is
// '<module>.<name>'; its words are '<module>.serverMessages.<name>' in the module's locale files, with the facts as
// i18next values: a number is written the reader's way, a `unit` in the reader's words ("vidonge" for tablets), a
// `date` (or a fact named …Date) given as YYYY-MM-DD as the screens write dates ("16 Mac 2026"). A status or an
// insurer is worded by the message itself, nesting the screen's own map: "$t(billing.claimStatus.{{status}})". A key
// the screen has no words for (or no key) leaves the server's English message as it is.
import i18n from './i18n';
import { formatDate, formatNumber } from './locale-format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDateFact = (name: string, value: string) => (name === 'date' || name.endsWith('Date')) && ISO_DATE.test(value);

export type ServerText = { key?: string; facts?: Record<string, string | number> };

export function serverText(text: ServerText, message: string): string {
  if (!text.key) return message;
  const dot = text.key.indexOf('.');
  if (dot < 0) return message;
  const path = `${text.key.slice(0, dot)}.serverMessages.${text.key.slice(dot + 1)}`;
  if (!i18n.exists(path)) return message;
  const values = Object.fromEntries(
    Object.entries(text.facts ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' ? formatNumber(value) : name === 'unit' ? i18n.t(`units.${value}`, { defaultValue: value }) : isDateFact(name, value) ? formatDate(value) : value,
    ]),
  );
  return i18n.t(path, { ...values, interpolation: { escapeValue: false } });
}
