// The appointments screen's own arithmetic: the week a county date falls in (Monday to Sunday, whatever the
// reader's time zone), and the booking a patient's record asks for through the history entry's state.
import { describe, expect, it } from 'vitest';
import { weekStart } from './appointment-labels';
import { BOOK_FOR, bookForOf } from './patient/book-for';

describe('weekStart', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday is its own week's start
    ['2026-11-25', '2026-11-23'],
    ['2026-11-29', '2026-11-23'], // Sunday ends the week
    ['2026-11-30', '2026-11-30'],
    ['2027-01-02', '2026-12-28'], // across the year
  ])('%s is in the week of %s', (date, monday) => {
    expect(weekStart(date)).toBe(monday);
  });
});

describe('bookForOf', () => {
  it('reads the patient the record asked to book for', () => {
    expect(bookForOf({ [BOOK_FOR]: { id: 12, name: 'Atieno Wekesa' } })).toEqual({ id: 12, name: 'Atieno Wekesa' });
  });
  it.each([null, undefined, 'x', {}, { [BOOK_FOR]: { id: '12', name: 'A' } }, { [BOOK_FOR]: { id: 1.5, name: 'A' } }, { [BOOK_FOR]: { id: 3 } }])('asks nothing of %j', (state) => {
    expect(bookForOf(state)).toBeNull();
  });
});
