import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

/** The recent attempts' share of questions right as a line (loaded in the browser; the table says the same). */
export default function ProgressChart({
  points,
  label,
}: {
  points: { when: string; percent: number }[];
  label: string;
}) {
  return (
    <LineChart
      h={200}
      data={points}
      dataKey="when"
      series={[{ name: 'percent', label, color: 'violet-purple.6' }]}
      yAxisProps={{ domain: [0, 100], width: 36 }}
      valueFormatter={(value) => `${value}%`}
      curveType="monotone"
      withDots
      mb="md"
      data-testid="progress-chart"
      aria-hidden
    />
  );
}
