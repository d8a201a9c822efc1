import { PERSISTENCY_CHART, type PersistencyChart, type PersistencyGroup } from "~/domain/persistency";

/** The chart in words, for screen readers: each month's share and how many it was read from. */
function persistencyChartDescription(group: PersistencyGroup): string {
  return group.months
    .map((m) =>
      m.rate === null
        ? `Month ${m.month}: no policy has reached it yet (0 of ${group.policies} measurable).`
        : `Month ${m.month}: ${m.rate.toFixed(1)}% in force (${m.inForce} of ${m.measurable} measurable policies).`,
    )
    .join(" ");
}

/**
 * The share of the cohort in force at months 3, 6 and 9 as three bars on a 0-100% axis, each with
 * its share above and how many policies it was read from below. Plain SVG laid out in the loader
 * (app/utils/persistency-chart.server.ts), so it draws without JavaScript; its frame is small, so
 * its words keep a readable size on a phone, and it grows up to a card's width on a desktop.
 */
export function PersistencyChartSvg({
  chart,
  group,
  id,
  title,
}: {
  chart: PersistencyChart;
  group: PersistencyGroup;
  /** Unique per page: ties the SVG to its title and description. */
  id: string;
  title: string;
}) {
  const { width, height, left, right, bottom } = PERSISTENCY_CHART;
  const axisY = height - bottom;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-lg"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{persistencyChartDescription(group)}</desc>
      {chart.ticks.map((t) => (
        <g key={t.label}>
          <line x1={left} x2={width - right} y1={t.y} y2={t.y} className="stroke-slate-200" />
          <text x={left - 6} y={t.y + 4} textAnchor="end" className="fill-slate-600 text-[12px]">
            {t.label}
          </text>
        </g>
      ))}
      {chart.bars.map((bar) => (
        <g key={bar.month}>
          {bar.height > 0 ? (
            <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={2} className="fill-brand-600" />
          ) : null}
          <text x={bar.centre} y={bar.y - 6} textAnchor="middle" className="fill-slate-900 text-[13px] font-semibold">
            {bar.value}
          </text>
          <text x={bar.centre} y={axisY + 17} textAnchor="middle" className="fill-slate-700 text-[12px] font-medium">
            Month {bar.month}
          </text>
          <text x={bar.centre} y={axisY + 33} textAnchor="middle" className="fill-slate-600 text-[11px]">
            {bar.caption}
          </text>
        </g>
      ))}
      <line x1={left} x2={width - right} y1={axisY} y2={axisY} className="stroke-slate-400" />
    </svg>
  );
}
