// The platform dashboard's charts, drawn with recharts (as the health monitor's). Each chart is a picture
// only (aria-hidden): the card shows or holds the same numbers as text beside it, which is what a screen
// reader reads.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  name: string;
  colour: string;
}

export interface ChartPoint {
  label: string;
  [series: string]: string | number;
}

const TICK = { fontSize: 12, fill: '#404854' };

/** Bars: one group per point, one bar per series. */
export function PlatformBarChart({ points, series, height = 200 }: { points: ChartPoint[]; series: ChartSeries[]; height?: number }) {
  return (
    <div aria-hidden="true" className="hearth-pdash-chart">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 4, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#d3d8de" vertical={false} />
          <XAxis dataKey="label" tick={TICK} minTickGap={8} interval="preserveStartEnd" />
          <YAxis tick={TICK} width={36} allowDecimals={false} />
          <Tooltip />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A line over time: one point a day. */
export function PlatformLineChart({ points, series, height = 200 }: { points: ChartPoint[]; series: ChartSeries; height?: number }) {
  return (
    <div aria-hidden="true" className="hearth-pdash-chart">
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#d3d8de" vertical={false} />
          <XAxis dataKey="label" tick={TICK} minTickGap={16} interval="preserveStartEnd" />
          <YAxis tick={TICK} width={36} allowDecimals={false} />
          <Tooltip />
          <Line type="monotone" dataKey={series.key} name={series.name} stroke={series.colour} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
