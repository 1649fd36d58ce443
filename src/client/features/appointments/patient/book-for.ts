// The patient's record asks the appointments screen to book for a patient: the patient rides in the history entry's
// state (never the URL: DESIGN.md §1.4), and the screen opens Book Appointment with them chosen. Their sex and date
// of birth ride along, so the booking offers only the services that fit them (shared/appointments/service-fit.ts).
export const BOOK_FOR = 'afyaBookFor';
export type BookFor = { id: number; name: string; gender?: string; dateOfBirth?: string };

/** The patient the history entry asks to book for, if any. */
export function bookForOf(state: unknown): BookFor | null {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[BOOK_FOR] : undefined;
  if (!value || typeof value !== 'object') return null;
  const { id, name, gender, dateOfBirth } = value as Partial<BookFor>;
  if (!Number.isInteger(id) || typeof name !== 'string') return null;
  return { id: id!, name, ...(typeof gender === 'string' ? { gender } : {}), ...(typeof dateOfBirth === 'string' ? { dateOfBirth } : {}) };
}
