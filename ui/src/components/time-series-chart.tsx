/**
 * A small live line chart (uPlot) of one series over time. uPlot draws to a canvas and redraws
 * from typed columns, so a chart updated every second over minutes of samples stays cheap.
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TimeSeriesChartProps {
  readonly title: string;
  /** Sample times, seconds since the epoch. */
  readonly times: readonly number[];
  readonly values: readonly (number | null)[];
  readonly format: (value: number) => string;
  readonly color: string;
  /** The smallest top of the y axis, so an idle series doesn't zoom into fractions of a unit. */
  readonly minTop?: number;
}

const WIDTH = 250;
const HEIGHT = 140;

export function TimeSeriesChart({ title, times, values, format, color, minTop = 1 }: TimeSeriesChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const formatRef = useRef(format);
  formatRef.current = format;

  useEffect(() => {
    if (!host.current) return;
    const options: uPlot.Options = {
      width: WIDTH,
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: true, drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(minTop, max * 1.1)] } },
      axes: [
        {
          stroke: '#6b7280',
          grid: { stroke: '#eef0f3' },
          ticks: { show: false },
          size: 24,
          values: '{HH}:{mm}:{ss}',
          space: 70,
        },
        {
          stroke: '#6b7280',
          grid: { stroke: '#eef0f3' },
          ticks: { show: false },
          size: 72,
          values: (_u, splits) => splits.map((v) => formatRef.current(v)),
        },
      ],
      series: [{}, { stroke: color, width: 2, fill: `${color}22`, points: { show: false } }],
    };
    plot.current = new uPlot(options, [[], []], host.current);
    return () => {
      plot.current?.destroy();
      plot.current = null;
    };
  }, [color, minTop]);

  useEffect(() => {
    plot.current?.setData([times as number[], values as (number | null)[]]);
  }, [times, values]);

  const latest = values.length > 0 ? values[values.length - 1] : null;
  return (
    <figure class="chart">
      <figcaption>
        <span>{title}</span>
        <strong class="chart-value">{latest === null || latest === undefined ? '–' : format(latest)}</strong>
      </figcaption>
      <div ref={host} role="img" aria-label={`${title} over the last minutes`} />
    </figure>
  );
}
