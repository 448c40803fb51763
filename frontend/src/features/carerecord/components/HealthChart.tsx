// The health monitor's chart, drawn with recharts (a React chart library on d3). This module is loaded
// lazily (React.lazy in HealthMonitorTab), so recharts is a chunk of its own that no other page loads.
import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { yTicks, type ChartRow } from '../chartData';

export interface ChartLine {
  metric: string;
  name: string;
  unit: string;
  colour: string;
  band?: { y1: number; y2: number };
}

export interface HealthChartProps {
  rows: ChartRow[];
  lines: ChartLine[];
  xDomain: [number, number];
  yDomain: [number, number];
  formatTick: (ms: number) => string;
  formatTime: (ms: number) => string;
  formatValue: (value: number) => string;
  flaggedLabel: string;
}

const FLAG = '#cd4246';

interface DotProps {
  cx?: number;
  cy?: number;
  payload?: ChartRow;
}

/** A reading's dot: flagged ones (outside the normal range) are larger, red and ringed. */
function dot(line: ChartLine) {
  return function ReadingDot({ cx, cy, payload }: DotProps) {
    if (cx === undefined || cy === undefined || !payload || payload.values[line.metric] === undefined) return <g />;
    const flagged = payload.flagged[line.metric];
    return flagged ? (
      <circle cx={cx} cy={cy} r={6} fill={FLAG} stroke="#fff" strokeWidth={2} data-testid="chart-flagged" data-metric={line.metric} />
    ) : (
      <circle cx={cx} cy={cy} r={3} fill={line.colour} stroke="none" data-testid="chart-point" />
    );
  };
}

export default function HealthChart({ rows, lines, xDomain, yDomain, formatTick, formatTime, formatValue, flaggedLabel }: HealthChartProps) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#d3d8de" />
        {lines.map((l) =>
          l.band ? <ReferenceArea key={`band-${l.metric}`} y1={l.band.y1} y2={l.band.y2} fill={l.colour} fillOpacity={0.08} stroke={l.colour} strokeOpacity={0.3} ifOverflow="hidden" /> : null,
        )}
        <XAxis dataKey="t" type="number" scale="time" domain={xDomain} tickFormatter={formatTick} tick={{ fontSize: 12, fill: '#404854' }} minTickGap={24} />
        <YAxis domain={yDomain} ticks={yTicks(yDomain)} tick={{ fontSize: 12, fill: '#404854' }} width={44} tickFormatter={formatValue} allowDecimals />
        <Tooltip
          labelFormatter={(ms) => formatTime(Number(ms))}
          formatter={(value, _name, item) => {
            const line = lines.find((l) => l.metric === item.dataKey || l.name === item.name);
            const row = item.payload as ChartRow | undefined;
            const flagged = line && row?.flagged[line.metric] ? ` (${flaggedLabel})` : '';
            return [`${formatValue(Number(value))} ${line?.unit ?? ''}${flagged}`, line?.name ?? String(_name)];
          }}
        />
        {lines.map((l) => (
          <Line
            key={l.metric}
            type="monotone"
            dataKey={(r: ChartRow) => r.values[l.metric]}
            name={l.name}
            stroke={l.colour}
            strokeWidth={2}
            connectNulls
            isAnimationActive={false}
            dot={dot(l)}
            activeDot={{ r: 5 }}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
