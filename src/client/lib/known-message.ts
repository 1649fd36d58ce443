// The shared schemas and the server speak English; a message a screen knows is shown in the reader's language
// through a map in its locale files keyed by the English text (read as a resource, since a message may contain
// ':' or '.', which i18next would read as a namespace or a path). One rule for every screen's messages.
import i18n from './i18n';

/** `message` in the reader's language from the map at `mapKey` (e.g. 'staff.validation'), or as it is when unknown. */
export function knownMessage(mapKey: string, message: string): string {
  const map = i18n.getResource(i18n.resolvedLanguage ?? i18n.language, 'translation', mapKey) as unknown;
  const translated = map && typeof map === 'object' ? (map as Record<string, unknown>)[message] : undefined;
  return typeof translated === 'string' ? translated : message;
}
