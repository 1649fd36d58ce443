// The two languages of the system (SPEC.md §1 "local language support"): the client's screens and the server's
// printed documents (core/pdf.ts) speak the same ones.
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
