import { describe, expect, it } from 'vitest';
import { displayPhone, lastVisitWording, normalisePhone, relativeTime } from './format.js';
import { normaliseSubcounty } from './county.js';
import { stockStatus } from './inventory/index.js';

describe('SPEC.md §4 and §9 wording', () => {
  const now = new Date('2026-03-16T12:00:00+03:00');
  it('activity relative time', () => {
    expect(relativeTime(new Date(now.getTime() - 30_000), now)).toBe('Just now');
    expect(relativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(relativeTime(new Date(now.getTime() - 50 * 3_600_000), now)).toBe('2 days ago');
  });
  it('last-visit wording', () => {
    expect(lastVisitWording(new Date('2026-03-16T07:00:00+03:00'), now)).toBe('Today');
    expect(lastVisitWording(new Date('2026-03-15T23:30:00+03:00'), now)).toBe('Yesterday');
    expect(lastVisitWording(new Date('2026-03-12T10:00:00+03:00'), now)).toBe('4 days ago');
    expect(lastVisitWording(new Date('2026-03-01T10:00:00+03:00'), now)).toBe('2 weeks ago');
    expect(lastVisitWording(new Date('2025-12-01T10:00:00+03:00'), now)).toBe('3 months ago');
  });
});

describe('Kenyan data', () => {
  it('stores Kenyan mobiles as +254 and keeps foreign numbers', () => {
    expect(normalisePhone('0712 345 678')).toBe('+254712345678');
    expect(normalisePhone('254112345678')).toBe('+254112345678');
    expect(normalisePhone('+256 772 123456')).toBe('+256772123456');
    expect(displayPhone('+254712345678')).toBe('0712 345 678');
  });
  it('takes the Ministry of Health sub-county names as aliases (DESIGN.md §8)', () => {
    expect(normaliseSubcounty('Samia')).toBe('Funyula');
    expect(normaliseSubcounty('bunyala')).toBe('Budalangi');
    expect(normaliseSubcounty('teso north')).toBe('Teso North');
    expect(normaliseSubcounty('Kisumu')).toBe('Kisumu');
  });
  it('stock status (SPEC.md §4)', () => {
    expect(stockStatus(0, 10)).toBe('out_of_stock');
    expect(stockStatus(10, 10)).toBe('low_stock');
    expect(stockStatus(11, 10)).toBe('in_stock');
  });
});

describe('formatDate', () => {
  it('shows day, short month and year on the county calendar', async () => {
    const { formatDate } = await import('./format.js');
    expect(formatDate('2026-03-16')).toBe('16 Mar 2026');
    // 22:30 UTC on the 15th is already the 16th in Busia.
    expect(formatDate('2026-03-15T22:30:00Z')).toBe('16 Mar 2026');
  });
});
