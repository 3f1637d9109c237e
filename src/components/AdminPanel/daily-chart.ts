// uPlot (https://github.com/leeoniya/uPlot) draws the day chart; this module is imported only when the
// Dashboard shows a chart, so neither the library nor its stylesheet reaches a public page.
import uPlot from 'uplot';
// A file of its own, linked when the chart is first drawn: imported as a stylesheet it would join the
// admin page's inline stylesheet whether a chart is drawn or not, and written in as a <style> element it
// would be refused by the policy, which allows no <style> but the page's own.
import uplotStylesheet from 'uplot/dist/uPlot.min.css?url';
import { palette } from '../../styles/palette.ts';

export interface DailySeries {
  dates: string[];
  visitors: number[];
  pageviews: number[];
  calls: number[];
  leads: number[];
}

export interface DrawnChart {
  resize(width: number): void;
  destroy(): void;
}

const HEIGHT = 260;
const DAY = 86_400;
const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY];

function dayStartSeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

/** Draws the four daily lines into `element`; dates are calendar days, shown as they are. */
export function drawDailyChart(element: HTMLElement, data: DailySeries, width: number): DrawnChart {
  if (!document.getElementById('uplot-styles')) {
    const link = document.createElement('link');
    link.id = 'uplot-styles';
    link.rel = 'stylesheet';
    link.href = uplotStylesheet;
    document.head.append(link);
  }
  const line = (label: string, stroke: string, dash?: number[]) => ({
    label,
    stroke,
    width: 2,
    ...(dash ? { dash } : {}),
    points: { show: data.dates.length <= 31 },
  });
  const chart = new uPlot(
    {
      width,
      height: HEIGHT,
      // The x values are midnights in UTC standing for calendar days: shown in UTC they read as the day.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      // Ticks fall on whole days (one, two, a week, a month apart): the figures are daily.
      axes: [
        { incrs: DAY_STEPS, values: '{M}/{D}', space: 48 },
        { values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) },
      ],
      series: [
        {
          label: 'Day',
          value: (_u, ts) => (ts == null ? '' : new Date(ts * 1000).toISOString().slice(0, 10)),
        },
        line('Visitors', palette.brandNavy),
        line('Page views', palette.brandBlue, [6, 4]),
        line('Calls', palette.orangeDark),
        line('Leads', palette.success),
      ],
    },
    [data.dates.map(dayStartSeconds), data.visitors, data.pageviews, data.calls, data.leads],
    element,
  );
  return {
    resize: (next) => chart.setSize({ width: next, height: HEIGHT }),
    destroy: () => chart.destroy(),
  };
}
