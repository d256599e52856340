import type { AttemptSummary } from '@prepwise/contract';
import { useTranslation } from '../../../lib/i18n-react';
import { formatDate } from '../../pages';
import { attemptPercent } from '../format';
import classes from '../practice.module.css';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 28, left: 40 };

/**
 * Progress over submitted attempts, oldest to newest, as a share of the maximum (scaled score for
 * full tests, correct answers for practice). A hand-written SVG; the figure caption is its text.
 */
export function ProgressChart({ attempts }: { attempts: AttemptSummary[] }) {
  const { t, i18n } = useTranslation('practice');
  const points = attempts
    .filter((attempt) => attempt.status === 'submitted')
    .map((attempt) => ({ attempt, percent: attemptPercent(attempt) }))
    .filter((point): point is { attempt: AttemptSummary; percent: number } => point.percent !== null)
    .sort((a, b) => (a.attempt.submitted_at ?? '').localeCompare(b.attempt.submitted_at ?? ''));
  if (points.length === 0) return null;

  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (points.length === 1 ? innerW / 2 : (index / (points.length - 1)) * innerW);
  const y = (percent: number) => PAD.top + innerH - (Math.min(100, Math.max(0, percent)) / 100) * innerH;
  const line = points.map((point, index) => `${index ? 'L' : 'M'}${x(index)},${y(point.percent)}`).join(' ');
  const first = Math.round(points[0]?.percent ?? 0);
  const last = Math.round(points.at(-1)?.percent ?? 0);
  const best = Math.round(Math.max(...points.map((point) => point.percent)));
  const summary = t('chart.summary', { count: points.length, first, last, best });

  return (
    <figure style={{ margin: 0 }} data-testid="progress-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={classes.chart}
        role="img"
        aria-labelledby="progress-chart-title progress-chart-caption"
      >
        <title id="progress-chart-title">{t('chart.title')}</title>
        {[0, 25, 50, 75, 100].map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={tick === 0 ? undefined : '4 4'}
            />
            <text
              x={PAD.left - 8}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="11"
              fill="var(--mantine-color-dimmed)"
            >
              {tick}%
            </text>
          </g>
        ))}
        <path d={line} fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth="2.5" />
        {points.map((point, index) => (
          <g key={point.attempt.id}>
            <circle
              cx={x(index)}
              cy={y(point.percent)}
              r="4.5"
              fill="var(--mantine-color-body)"
              stroke={
                point.attempt.mode === 'full'
                  ? 'var(--mantine-primary-color-filled)'
                  : 'var(--mantine-color-grape-6)'
              }
              strokeWidth="2.5"
            >
              <title>
                {`${formatDate(point.attempt.submitted_at, i18n.language)}: ${Math.round(point.percent)}% (${t(`mode.${point.attempt.mode}`)})`}
              </title>
            </circle>
            <text
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor="middle"
              fontSize="11"
              fill="var(--mantine-color-dimmed)"
            >
              {index + 1}
            </text>
          </g>
        ))}
      </svg>
      <figcaption
        id="progress-chart-caption"
        style={{ fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-dimmed)' }}
      >
        {summary}
      </figcaption>
    </figure>
  );
}
