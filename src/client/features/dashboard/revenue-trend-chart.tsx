// Loaded lazily (React.lazy in revenue-trend-panel.tsx). A plain SVG bar chart: Recharts alone weighed about
// 100 KB gzipped and took the dashboard past its 250 KB budget (DESIGN.md §10; docs/decisions/0003).
import type { RevenueTrend } from '../../../shared/dashboard';
import { formatKES } from '../../../shared/money';
import { formatKESCompact, monthLabel } from './revenue-format';

type Props = { data: RevenueTrend; seriesName: string };

const WIDTH = 640;
const HEIGHT = 288;
const PAD = { top: 12, right: 8, bottom: 56, left: 84 };
const TICKS = 4;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value`, so the axis reads in round figures. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/** A picture of the figures the panel also lists in an accessible table; hidden from assistive technology. */
export function RevenueTrendChart({ data, seriesName }: Props) {
  const max = niceCeiling(Math.max(...data.map((d) => d.total), 0));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(data.length, 1);
  const barW = Math.min(48, slot * 0.6);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const slanted = data.length > 6;
  return (
    <div aria-hidden="true" className="w-full" data-testid="revenue-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-72 w-full" preserveAspectRatio="none" role="presentation">
        {Array.from({ length: TICKS + 1 }, (_, i) => {
          const value = (max / TICKS) * i;
          return (
            <g key={i}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} stroke="#e2e8f0" strokeDasharray={i === 0 ? undefined : '3 3'} />
              <text x={PAD.left - 8} y={y(value)} dy="0.32em" textAnchor="end" fontSize="12" fill="#475569">
                {formatKESCompact(value)}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const cx = PAD.left + slot * i + slot / 2;
          const top = y(d.total);
          return (
            <g key={d.month}>
              <rect x={cx - barW / 2} y={top} width={barW} height={PAD.top + plotH - top} rx={4} fill="#0f766e">
                <title>{`${monthLabel(d.month)}: ${seriesName} ${formatKES(d.total)}`}</title>
              </rect>
              <text
                x={cx}
                y={PAD.top + plotH + 16}
                fontSize="12"
                fill="#475569"
                textAnchor={slanted ? 'end' : 'middle'}
                transform={slanted ? `rotate(-35 ${cx} ${PAD.top + plotH + 16})` : undefined}
              >
                {monthLabel(d.month)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
