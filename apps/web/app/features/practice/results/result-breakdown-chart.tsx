import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** The breakdown's weakest rows as bars: the learner's accuracy next to everyone's (loaded on demand). */
export default function BreakdownChart({
  rows,
  labels,
}: {
  rows: { name: string; you: number; everyone: number }[];
  labels: { you: string; everyone: string };
}) {
  return (
    <BarChart
      h={Math.max(160, rows.length * 44)}
      data={rows}
      dataKey="name"
      orientation="vertical"
      yAxisProps={{ width: 120 }}
      xAxisProps={{ domain: [0, 100] }}
      valueFormatter={(value) => `${value}%`}
      withLegend
      series={[
        { name: 'you', label: labels.you, color: 'blue.6' },
        { name: 'everyone', label: labels.everyone, color: 'gray.5' },
      ]}
      mb="md"
      data-testid="breakdown-chart"
      aria-hidden
    />
  );
}
