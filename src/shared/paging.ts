// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

/** Bounded lists (DESIGN.md §6). */
export const PAGE_LIMIT_DEFAULT = 50;

export const PAGE_LIMIT_MAX = 200;
