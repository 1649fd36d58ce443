// The two languages of the system (SPEC.md §1 "local language support"): the client's screens and the server's
// printed documents (core/pdf.ts) speak the same ones.
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The Intl locale each language writes dates in: English day-first (SPEC.md §9), Kiswahili as Kenya writes it. */
export const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', sw: 'sw-KE' };
