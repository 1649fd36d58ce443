// The limits on when an appointment may be (issue 25, finding 9) and their messages: beside the appointments contract
// (which re-exports them) so a screen that only words a refusal, the registry's follow-up date, loads no schema.

/**
 * How many days ahead an appointment (or a visit's follow-up) may be booked: System Settings' appointments section
 * (bookingHorizonDays), a year unless the county sets another, from a day to five years.
 */
export const BOOKING_HORIZON_DAYS = { default: 365, min: 1, max: 1825 } as const;

/** Why a day is beyond the booking horizon. */
export const beyondHorizonMessage = (days: number, until: string) => `Appointments are booked at most ${days} days ahead (until ${until})`;
const BEYOND_HORIZON = /^Appointments are booked at most (\d+) days ahead \(until (\d{4}-\d{2}-\d{2})\)$/;

/** Why a time is outside a service's hours: from its opening time to before its closing time. */
export const outsideHoursMessage = (opens: string, closes: string) => `Outside the service's opening hours: it takes appointments from ${opens} until ${closes}`;
const OUTSIDE_HOURS = /^Outside the service's opening hours: it takes appointments from (\d{2}:\d{2}) until (\d{2}:\d{2})$/;

export type BookingLimit = { kind: 'beyondHorizon'; days: string; until: string } | { kind: 'outsideHours'; opens: string; closes: string };

/** A booking limit's message read back into its figures, so the client can word it in the reader's language; else null. */
export function bookingLimitOf(message: string): BookingLimit | null {
  const beyond = BEYOND_HORIZON.exec(message);
  if (beyond) return { kind: 'beyondHorizon', days: beyond[1]!, until: beyond[2]! };
  const hours = OUTSIDE_HOURS.exec(message);
  return hours ? { kind: 'outsideHours', opens: hours[1]!, closes: hours[2]! } : null;
}
