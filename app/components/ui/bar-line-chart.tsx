import { CHART, type BarLineChart } from "~/domain/performance-chart";

type Props<S extends string> = {
  /** Computed in the loader (app/utils/performance-chart.server.ts): numbers and a path only. */
  chart: BarLineChart<S>;
  /** Unique per page: the ids that tie the SVG to its title and description. */
  id: string;
  title: string;
  /** The figures in words, read by screen readers in place of the picture. */
  description: string;
  barClass: Record<S, string>;
  /** On a phone, open scrolled to the newest columns (the right end) rather than the oldest. */
  newestInView?: boolean;
};

// Beyond a month of columns the dots would crowd the line; the line alone reads better and the
// markup stays light.
const MAX_MARKED_POINTS = 31;

/**
 * A server-rendered bar-and-line chart: counts as bars on the left axis, money as a line on the
 * right axis. Plain SVG, so it draws without JavaScript. On a phone it keeps a readable size and
 * scrolls sideways (a Tab stop, so keys scroll it too).
 */
export function BarLineChartSvg<S extends string>({
  chart,
  id,
  title,
  description,
  barClass,
  newestInView = false,
}: Props<S>) {
  const axisY = CHART.height - CHART.bottom;
  return (
    <div
      className="overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label={`${title} (scrolls sideways on small screens)`}
      // A right-to-left box opens scrolled to its right end, without JavaScript; the chart inside
      // is laid out left to right as usual.
      dir={newestInView ? "rtl" : undefined}
    >
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full min-w-[36rem] [direction:ltr] sm:min-w-0"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {chart.countTicks.map((t) => (
          <g key={`c${t.label}`}>
            <line x1={CHART.left} x2={CHART.width - CHART.right} y1={t.y} y2={t.y} className="stroke-slate-200" />
            <text x={CHART.left - 6} y={t.y + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
              {t.label}
            </text>
          </g>
        ))}
        {chart.lineTicks.map((t) => (
          <text
            key={`d${t.label}`}
            x={CHART.width - CHART.right + 6}
            y={t.y + 4}
            className="fill-amber-800 text-[11px]"
          >
            {t.label}
          </text>
        ))}
        {/* A zero bar has no height: nothing to draw. */}
        {chart.bars
          .filter((b) => b.height > 0)
          .map((b) => (
            <rect key={b.key} x={b.x} y={b.y} width={b.width} height={b.height} className={barClass[b.series]} />
          ))}
        <path d={chart.line} fill="none" strokeWidth={2} className="stroke-amber-600" />
        {chart.linePoints.length <= MAX_MARKED_POINTS &&
          chart.linePoints.map((p) => <circle key={p.key} cx={p.x} cy={p.y} r={3} className="fill-amber-600" />)}
        <line x1={CHART.left} x2={CHART.width - CHART.right} y1={axisY} y2={axisY} className="stroke-slate-400" />
        {chart.labels.map((m) => (
          <text key={m.key} x={m.x} y={axisY + 18} textAnchor="middle" className="fill-slate-600 text-[11px]">
            {m.label}
          </text>
        ))}
      </svg>
    </div>
  );
}

/**
 * The key above a chart: a square for each bar series, a short rule for the line, each with its
 * Tailwind colour class (`bg-green-600`). Hidden from screen readers, whom the chart's title and
 * description tell the same.
 */
export function ChartLegend({ items }: { items: { label: string; color: string; line?: boolean }[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <span className={`inline-block ${item.line ? "h-0.5 w-4" : "size-3 rounded-sm"} ${item.color}`} />{" "}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
