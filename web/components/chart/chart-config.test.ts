import { describe, expect, it } from 'vitest';
import { buildChartData, buildChartOptions, chartTableRows, type ChartSpec } from './chart-config';
import { chartTheme, PALETTE, withAlpha } from './palette';

const bar: ChartSpec = { type: 'bar', labels: ['Jan', 'Feb'], series: [{ label: 'New customers', data: [3, 5] }] };
const doughnut: ChartSpec = { type: 'doughnut', labels: ['Customers', 'Vendors'], series: [{ label: 'Contacts', data: [7, 2], color: ['primary', 'info'] }] };

type Scales = { x: { reverse: boolean; ticks: { color: string } }; y: { position: string; grid: { color: string } } };

describe('chart settings', () => {
  it('colour series from the palette', () => {
    const data = buildChartData(bar, { dark: false, rtl: false });
    expect(data.datasets[0]).toMatchObject({ label: 'New customers', data: [3, 5], hoverBackgroundColor: PALETTE.primary });
    const two = buildChartData({ ...bar, series: [...bar.series, { label: 'Lost', data: [1, 0], color: 'danger' }] }, { dark: false, rtl: false });
    expect(two.datasets[1]).toMatchObject({ hoverBackgroundColor: PALETTE.danger });
  });

  it('give each doughnut slice its colour, bordered with the surface', () => {
    const light = buildChartData(doughnut, { dark: false, rtl: false }).datasets[0] as unknown as { backgroundColor: string[]; borderColor: string };
    expect(light.backgroundColor).toEqual([PALETTE.primary, PALETTE.info]);
    expect(light.borderColor).toBe('#FFFFFF');
    const dark = buildChartData(doughnut, { dark: true, rtl: false }).datasets[0] as unknown as { borderColor: string };
    expect(dark.borderColor).toBe(chartTheme(true).surface);
  });

  it('switch text and grid colours in dark mode', () => {
    const light = buildChartOptions(bar, { dark: false, rtl: false }) as unknown as { color: string; scales: Scales };
    const dark = buildChartOptions(bar, { dark: true, rtl: false }) as unknown as { color: string; scales: Scales };
    expect(light.color).toBe(chartTheme(false).text);
    expect(dark.color).toBe(chartTheme(true).text);
    expect(dark.scales.y.grid.color).not.toBe(light.scales.y.grid.color);
    expect(dark.scales.x.ticks.color).toBe(chartTheme(true).muted);
  });

  it('mirror the axes and legend right-to-left', () => {
    const rtl = buildChartOptions(bar, { dark: false, rtl: true }) as unknown as { scales: Scales; plugins: { legend: { rtl: boolean } } };
    expect(rtl.scales.x.reverse).toBe(true);
    expect(rtl.scales.y.position).toBe('right');
    expect(rtl.plugins.legend.rtl).toBe(true);
    const ltr = buildChartOptions(bar, { dark: false, rtl: false }) as unknown as { scales: Scales };
    expect(ltr.scales.x.reverse).toBe(false);
  });

  it('show a legend for doughnuts and several series only', () => {
    const legendOf = (spec: ChartSpec) => (buildChartOptions(spec, { dark: false, rtl: false }) as unknown as { plugins: { legend: { display: boolean } } }).plugins.legend.display;
    expect(legendOf(bar)).toBe(false);
    expect(legendOf(doughnut)).toBe(true);
  });

  it('write every value in the hidden table', () => {
    expect(chartTableRows({ ...bar, format: (v) => `${v} new` })).toEqual({
      headers: ['', 'New customers'],
      rows: [
        ['Jan', '3 new'],
        ['Feb', '5 new'],
      ],
    });
  });

  it('soften colours with alpha', () => {
    expect(withAlpha('#4669FA', 0.2)).toBe('rgba(70, 105, 250, 0.2)');
    expect(withAlpha('red', 0.2)).toBe('red');
  });
});
