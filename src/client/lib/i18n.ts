// English and Kiswahili (SPEC.md §1 "local language support"). English ships in the first bundle; Kiswahili is
// fetched when chosen, so the landing page stays small on rural links (DESIGN.md §10).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only the namespaces the public pages need ship in the first bundle; the signed-in screens' strings come with
// the shell (lib/i18n-app.ts). Both are picked from locales/en.json at build time (scripts/locale-namespaces.ts).
import publicStrings from 'locales:en/common,facilityLevels,facilityStatus,notFound,roles,splash,units';
import type { Language } from '../../shared/language';

export const PUBLIC_NAMESPACES = publicStrings;

// The two languages, shared with the server's printed documents (src/server/core/pdf.ts).
export { LANGUAGES, type Language } from '../../shared/language';
const STORAGE_KEY = 'afya.language';

function storedLanguage(): Language {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'sw' ? 'sw' : 'en';
  } catch {
    return 'en';
  }
}

type Strings = () => Promise<{ default: Record<string, unknown> }>;
/** Each module's Kiswahili strings (app/modules.ts registers them at start: lib imports no screen). */
let moduleKiswahili: readonly Strings[] = [];

export function registerKiswahili(loaders: readonly Strings[]): void {
  moduleKiswahili = loaders;
}

async function loadBundle(lng: Language): Promise<void> {
  if (lng === 'en' || i18n.hasResourceBundle(lng, 'translation')) return;
  const bundles = await Promise.all([import('../locales/sw.json'), ...moduleKiswahili.map((load) => load())]);
  for (const bundle of bundles) i18n.addResourceBundle(lng, 'translation', bundle.default, true, true);
}

export async function setLanguage(lng: Language): Promise<void> {
  await loadBundle(lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Private windows may refuse storage; the choice then lasts for this visit only.
  }
}

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: PUBLIC_NAMESPACES } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const lng = storedLanguage();
  if (lng !== 'en') await setLanguage(lng);
  else document.documentElement.lang = 'en';
}

/** Adds English strings that arrive with a later chunk (deep merge: existing keys stay). */
export function addEnglish(namespaces: Record<string, unknown>): void {
  i18n.addResourceBundle('en', 'translation', namespaces, true, false);
}

export default i18n;
