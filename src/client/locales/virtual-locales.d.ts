// Namespaces picked from a locale file at build time (scripts/locale-namespaces.ts).
declare module 'locales:*' {
  const namespaces: Record<string, Record<string, unknown>>;
  export default namespaces;
}

// Keys (dotted paths) picked from a module's locale file at build time (scripts/locale-namespaces.ts).
declare module 'locale-keys:*' {
  const strings: Record<string, unknown>;
  export default strings;
}
