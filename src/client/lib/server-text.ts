// A server message sent as a key and its facts (issue 30 item 8), worded in the reader's language. The key is
// '<module>.<name>'; its words are '<module>.serverMessages.<name>' in the module's locale files, with the facts as
// i18next values: a number is written the reader's way, a `unit` in the reader's words ("vidonge" for tablets). A key
// the screen has no words for (or no key) leaves the server's English message as it is.
import i18n from './i18n';
import { formatNumber } from './locale-format';

export type ServerText = { key?: string; facts?: Record<string, string | number> };

export function serverText(text: ServerText, message: string): string {
  if (!text.key) return message;
  const dot = text.key.indexOf('.');
  if (dot < 0) return message;
  const path = `${text.key.slice(0, dot)}.serverMessages.${text.key.slice(dot + 1)}`;
  if (!i18n.exists(path)) return message;
  const values = Object.fromEntries(
    Object.entries(text.facts ?? {}).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value) : name === 'unit' ? i18n.t(`units.${value}`, { defaultValue: value }) : value]),
  );
  return i18n.t(path, { ...values, interpolation: { escapeValue: false } });
}
