// The patient's record asks the appointments screen to book for a patient: the patient rides in the history entry's
// state (never the URL: DESIGN.md §1.4), and the screen opens Book Appointment with them chosen.
export const BOOK_FOR = 'afyaBookFor';
export type BookFor = { id: number; name: string };

/** The patient the history entry asks to book for, if any. */
export function bookForOf(state: unknown): BookFor | null {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[BOOK_FOR] : undefined;
  if (!value || typeof value !== 'object') return null;
  const { id, name } = value as Partial<BookFor>;
  return Number.isInteger(id) && typeof name === 'string' ? { id: id!, name } : null;
}
