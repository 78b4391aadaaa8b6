import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Muted, TableScroll } from '@sports/shared';
import { recordsCopy } from '../messages';
import type { DayStats } from './broadcastStats';
import { legendValues } from './chartLegend';

/**
 * uPlot's own stylesheet (uPlot.min.css) is not imported: it would be global CSS. The few rules
 * the chart needs are here, scoped to this wrapper by styled-components (no leak to the page).
 */
const ChartBox = styled.div`
  min-height: 260px;

  .uplot,
  .uplot * {
    box-sizing: border-box;
  }
  .uplot {
    font-family: inherit;
    line-height: 1.5;
    width: min-content;
  }
  .u-wrap {
    position: relative;
    user-select: none;
  }
  .u-over,
  .u-under,
  .u-axis,
  .u-select {
    position: absolute;
  }
  .u-under {
    overflow: hidden;
  }
  .uplot canvas {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
  }
  .u-legend {
    margin: auto;
    font-size: ${({ theme }) => theme.font.small};
    text-align: center;
  }
  .u-inline {
    display: block;
  }
  .u-inline * {
    display: inline-block;
  }
  .u-inline tr {
    margin-right: 16px;
  }
  .u-legend .u-marker {
    width: 1em;
    height: 1em;
    margin-right: 4px;
    background-clip: padding-box !important;
  }
  .u-inline.u-live th::after {
    content: '：';
  }
  .u-inline:not(.u-live) .u-value {
    display: none;
  }
  .u-legend .u-off > * {
    opacity: 0.3;
  }
  .u-select {
    background: rgba(0, 0, 0, 0.07);
    pointer-events: none;
  }
  .u-cursor-x,
  .u-cursor-y {
    position: absolute;
    left: 0;
    top: 0;
    pointer-events: none;
  }
  .u-hz .u-cursor-x {
    height: 100%;
    border-right: 1px dashed #607d8b;
  }
  .u-hz .u-cursor-y {
    width: 100%;
    border-bottom: 1px dashed #607d8b;
  }
  .u-cursor-pt {
    position: absolute;
    top: 0;
    left: 0;
    border-radius: 50%;
    border: 0 solid;
    pointer-events: none;
    background-clip: padding-box !important;
  }
  .u-axis.u-off,
  .u-select.u-off,
  .u-cursor-x.u-off,
  .u-cursor-y.u-off,
  .u-cursor-pt.u-off {
    display: none;
  }
`;

const CHART_HEIGHT = 240;
const DEFAULT_WIDTH = 640;

/** Midnight (China time) of a YYYY-MM-DD day, in Unix seconds: uPlot's time axis. */
function daySeconds(day: string): number {
  return Math.floor(new Date(`${day}T00:00:00+08:00`).getTime() / 1000);
}

/**
 * Hours on air (bars, left axis) and peak viewers (line, right axis) per day. uPlot is imported
 * only here, with a dynamic import: its chunk comes with the broadcast records page, never in
 * the remote's entry. A table of the same numbers follows for screen readers and keyboards.
 */
export function BroadcastChart({ days }: { days: readonly DayStats[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    import(/* webpackChunkName: "chart-uplot" */ 'uplot')
      .then(({ default: UPlot }) => {
        const target = box.current;
        if (disposed || !target) return;
        const width = () => target.clientWidth || DEFAULT_WIDTH;
        const data: [number[], number[], number[]] = [days.map((day) => daySeconds(day.day)), days.map((day) => day.hours), days.map((day) => day.peakViewers)];
        // The legend reads 日期 / 开播时长（小时） / 峰值人数 with the day under the cursor, else today.
        const legend = legendValues(days);
        chart = new UPlot(
          {
            width: width(),
            height: CHART_HEIGHT,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Asia/Shanghai'),
            scales: { x: { time: true }, hours: { range: (_self, _min, max) => [0, Math.max(1, max)] }, viewers: { range: (_self, _min, max) => [0, Math.max(1, max)] } },
            series: [
              { label: recordsCopy.day, value: legend.day },
              { label: recordsCopy.hours, value: legend.hours, scale: 'hours', stroke: '#a00d25', fill: 'rgba(200, 16, 46, 0.35)', paths: UPlot.paths.bars?.({ size: [0.6, 24] }) },
              { label: recordsCopy.peak, value: legend.peak, scale: 'viewers', stroke: '#1f6feb', width: 2, points: { show: true } },
            ],
            axes: [{}, { scale: 'hours', label: recordsCopy.hours }, { scale: 'viewers', side: 1, label: recordsCopy.peak, grid: { show: false } }],
          },
          data,
          target,
        );
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: CHART_HEIGHT }));
          observer.observe(target);
        }
        setStatus('ready');
      })
      .catch(() => !disposed && setStatus('failed'));
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days]);

  return (
    <figure style={{ margin: 0 }}>
      <ChartBox ref={box} role="img" aria-label={recordsCopy.chartLabel} data-testid="records-chart" data-state={status} />
      {status === 'loading' && <Muted role="status">{recordsCopy.chartLoading}</Muted>}
      {status === 'failed' && <Muted>{recordsCopy.chartFailed}</Muted>}
      <details>
        <summary>{recordsCopy.chartLabel}</summary>
        <TableScroll>
          <table data-testid="records-chart-table">
            <caption>{recordsCopy.chartLabel}</caption>
            <thead>
              <tr>
                <th scope="col">{recordsCopy.day}</th>
                <th scope="col">{recordsCopy.hours}</th>
                <th scope="col">{recordsCopy.peak}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  <td>{day.hours}</td>
                  <td>{day.peakViewers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
