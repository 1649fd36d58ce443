// An audit event's action in words (issue 29 item 5). The server records a code ('reconciliation.imported'); the
// trail shows what it means in the reader's language, from the `access.auditActions` map keyed by the code (read as
// a resource: the codes contain '.'), with the code itself in small type for whoever searches by it. A code the map
// does not know yet — or a refused request, recorded as its method and route — is shown as it is.
import i18n from '../../lib/i18n';

function labelIn(lang: string, code: string): string | undefined {
  const map = i18n.getResource(lang, 'translation', 'access.auditActions') as unknown;
  const label = map && typeof map === 'object' ? (map as Record<string, unknown>)[code] : undefined;
  return typeof label === 'string' ? label : undefined;
}

/** The action's words in the reader's language (English when Kiswahili has none), or undefined for an unknown code. */
export function auditActionLabel(code: string): string | undefined {
  return labelIn(i18n.resolvedLanguage ?? i18n.language, code) ?? labelIn('en', code);
}
