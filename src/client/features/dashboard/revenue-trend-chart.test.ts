import { describe, expect, it } from 'vitest';
import { niceCeiling } from './revenue-trend-chart';

describe('the revenue chart axis', () => {
  it('rounds the top of the axis up to 1, 2 or 5 × 10ⁿ', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(120_000)).toBe(200_000);
    expect(niceCeiling(450_000)).toBe(500_000);
    expect(niceCeiling(500_000)).toBe(500_000);
    expect(niceCeiling(510_000)).toBe(1_000_000);
  });
});
