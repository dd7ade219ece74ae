/** The product palette (ARCHITECTURE "The look"), in the order series take their colours. */
export const PALETTE = {
  primary: '#4669FA',
  info: '#0CE7FA',
  success: '#50C793',
  warning: '#FA916B',
  danger: '#F1595C',
  secondary: '#A0AEC0',
  dark: '#1E293B',
} as const;

export type PaletteColor = keyof typeof PALETTE;

export const SERIES_ORDER: readonly PaletteColor[] = ['primary', 'info', 'success', 'warning', 'danger', 'secondary'];

/** Text, grid and surface colours of charts, light or dark (slate scale). */
export type ChartTheme = {
  dark: boolean;
  text: string;
  muted: string;
  grid: string;
  surface: string;
  tooltipBackground: string;
  tooltipText: string;
};

export function chartTheme(dark: boolean): ChartTheme {
  return dark
    ? {
        dark: true,
        text: '#CBD5E1', // slate-300
        muted: '#94A3B8', // slate-400
        grid: 'rgba(148, 163, 184, 0.16)',
        surface: '#1E293B', // dark
        tooltipBackground: '#F1F5F9', // slate-100
        tooltipText: '#0F172A',
      }
    : {
        dark: false,
        text: '#475569', // slate-600
        muted: '#64748B', // slate-500
        grid: 'rgba(100, 116, 139, 0.14)',
        surface: '#FFFFFF',
        tooltipBackground: '#1E293B',
        tooltipText: '#F8FAFC',
      };
}

/** "#4669FA" + 0.2 → "rgba(70, 105, 250, 0.2)". */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  return `rgba(${parseInt(m[1], 16)}, ${parseInt(m[2], 16)}, ${parseInt(m[3], 16)}, ${alpha})`;
}

/** The colour of the n-th series (or slice), cycling through the palette. */
export function seriesColor(index: number, pick?: PaletteColor): string {
  return PALETTE[pick ?? SERIES_ORDER[index % SERIES_ORDER.length]];
}
