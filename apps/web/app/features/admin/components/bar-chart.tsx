import { useI18n } from '../../../lib/i18n.tsx';

/** A small bar chart of a daily series, described for screen readers by its total, last value and peak. */
export function BarChart({ title, points, unit }: { title: string; points: { day: string; count: number }[]; unit: string }) {
  const { t, number, date, label } = useI18n();
  const peak = Math.max(1, ...points.map((point) => point.count));
  const width = 300;
  const height = 80;
  const bar = width / Math.max(1, points.length);
  const last = points.at(-1);
  const top = points.reduce((best, point) => (point.count > best.count ? point : best), points[0] ?? { day: '', count: 0 });
  const summary = t('admin.chart.summary', {
    current: number(last?.count ?? 0),
    max: number(top.count),
    type: unit,
    date: top.day ? date(top.day) : '',
  });
  return (
    <figure className="rounded-xl border border-gray-200 p-4">
      <figcaption className="font-semibold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-24 w-full"
        role="img"
        aria-label={`${label(title)}${summary}`}
        preserveAspectRatio="none"
      >
        {points.map((point, i) => {
          const h = (point.count / peak) * (height - 4);
          return <rect key={point.day} x={i * bar + 1} y={height - h} width={Math.max(1, bar - 2)} height={h} className="fill-brand-600" />;
        })}
      </svg>
      <p className="mt-1 text-sm text-gray-700">{summary}</p>
    </figure>
  );
}
