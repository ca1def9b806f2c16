/**
 * The design tokens: every colour, spacing step, radius and font size of the app, defined once.
 * `tokens.css` (generated from this file; a test keeps the two in sync) turns them into CSS custom
 * properties, light values on :root and dark ones under html[data-theme='dark'], and
 * `lib/theme.ts` feeds the same values to antd's ConfigProvider (antd derives its shades from
 * literal colours, so it reads them here rather than from the CSS).
 *
 * A token with one value is the same in both themes; a pair switches with the theme. This is the
 * only place in web/src where a colour literal may appear (tokens.test.ts checks).
 */
export type TokenValue = string | { light: string; dark: string };

const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const TOKENS = {
  // Brand: the brick red, and what sits on it.
  'color-primary': '#bf1919',
  'color-primary-hover': '#a51414',
  /** Focus ring on the dark sidebar. */
  'color-primary-ring': '#e6958c',
  'color-primary-outline': 'rgba(191, 25, 25, 0.35)',
  'color-primary-track': 'rgba(191, 25, 25, 0.2)',
  'color-on-primary': '#fff',
  'color-on-primary-tint': 'rgba(255, 255, 255, 0.25)',
  'color-on-primary-track': 'rgba(255, 255, 255, 0.4)',
  'color-link': { light: '#bf1919', dark: '#ff6b5e' },

  // Surfaces.
  'color-bg-page': { light: '#f6f1ea', dark: '#171311' },
  'color-bg-surface': { light: '#fff', dark: '#1f1a17' },
  'color-bg-input': { light: '#fff', dark: '#141110' },
  'color-bg-muted': { light: '#efe7df', dark: '#2b2320' },
  'color-bg-tint': { light: 'rgba(43, 35, 32, 0.04)', dark: 'rgba(255, 255, 255, 0.04)' },
  'color-bg-tint-strong': { light: 'rgba(43, 35, 32, 0.08)', dark: 'rgba(255, 255, 255, 0.12)' },
  'color-bg-track': { light: '#f0ebe6', dark: 'rgba(255, 255, 255, 0.12)' },
  'color-skeleton': { light: 'rgba(43, 35, 32, 0.06)', dark: 'rgba(255, 255, 255, 0.06)' },
  'color-skeleton-shine': { light: 'rgba(43, 35, 32, 0.14)', dark: 'rgba(255, 255, 255, 0.14)' },
  /** Buttons and the language switch keep a light face in both themes. */
  'color-control-bg': '#fff',
  'color-control-text': '#2b2320',
  'color-control-border': '#c9bdb5',
  'color-control-icon': '#6b5f59',
  'color-input-border': { light: '#c9bdb5', dark: '#4a403b' },

  // Text.
  'color-text': { light: '#2b2320', dark: 'rgba(255, 255, 255, 0.88)' },
  'color-text-muted': { light: '#5c4f49', dark: '#cfc4bd' },
  'color-text-subtle': { light: '#6b5f59', dark: 'rgba(255, 255, 255, 0.6)' },

  // The sidebar (and the phone menu): dark in both themes.
  'color-bg-sider': { light: '#2b2320', dark: '#120f0e' },
  'color-bg-sider-sub': { light: '#231c1a', dark: '#0d0b0a' },
  'color-sider-text': '#f3ece4',
  'color-sider-link': 'rgba(255, 255, 255, 0.65)',
  'color-sider-link-active': '#fff',
  'color-sider-muted': 'rgba(255, 255, 255, 0.3)',
  'color-sider-hover': 'rgba(255, 255, 255, 0.08)',
  'color-sider-divider': 'rgba(255, 255, 255, 0.12)',

  // Lines and shadows.
  'color-border': { light: 'rgba(43, 35, 32, 0.15)', dark: 'rgba(255, 255, 255, 0.15)' },
  'color-border-strong': { light: 'rgba(43, 35, 32, 0.2)', dark: 'rgba(255, 255, 255, 0.2)' },
  'color-border-dashed': { light: 'rgba(43, 35, 32, 0.25)', dark: 'rgba(255, 255, 255, 0.25)' },
  'color-divider': { light: 'rgba(43, 35, 32, 0.12)', dark: 'rgba(255, 255, 255, 0.12)' },
  /** A neutral line that reads on either background. */
  'color-separator': 'rgba(128, 128, 128, 0.2)',
  'color-tint-neutral': 'rgba(128, 128, 128, 0.08)',
  'color-shadow': 'rgba(43, 35, 32, 0.15)',
  'color-shadow-soft': 'rgba(0, 0, 0, 0.08)',
  'color-shadow-strong': 'rgba(0, 0, 0, 0.15)',
  'color-backdrop': 'rgba(0, 0, 0, 0.45)',

  // Messages.
  'color-error-text': { light: '#b3261e', dark: '#ff8a80' },
  'color-error-border': '#b3261e',
  'color-danger-text': { light: '#a8071a', dark: '#ff7875' },
  'color-alert-error-bg': { light: '#fdecea', dark: '#2c1614' },
  'color-alert-error-border': { light: '#f1b0aa', dark: '#5c2622' },
  'color-alert-error-text': { light: '#8c1d18', dark: '#ff8a80' },
  /** The plain message box keeps its light colours in the dark theme. */
  'color-message-error-bg': '#fdecea',
  'color-message-error-border': '#f1b0aa',
  'color-message-error-text': '#8c1d18',
  'color-message-success-bg': '#edf7ed',
  'color-message-success-border': '#a9d5a9',
  'color-message-success-text': '#1e4620',

  // Status marks, progress and chart bars.
  'color-success': '#389e0d',
  'color-success-bright': '#52c41a',
  'color-info': '#1677ff',
  'color-warning': '#d48806',
  'color-error': '#cf1322',
  'color-error-bright': '#ff4d4f',
  'color-chart-gold': '#d4a106',
  'color-chart-cyan': '#13a8a8',
  'color-chart-purple': '#722ed1',
  'color-chart-grey': '#8c8079',

  // Tags (antd Tag's palette): text switches, fill and border are for the light theme.
  'color-tag-blue': { light: '#0958d9', dark: '#69b1ff' },
  'color-tag-blue-bg': '#e6f4ff',
  'color-tag-blue-border': '#91caff',
  'color-tag-gold': { light: '#874d00', dark: '#ffd666' },
  'color-tag-gold-bg': '#fffbe6',
  'color-tag-gold-border': '#ffe58f',
  'color-tag-green': { light: '#237804', dark: '#95de64' },
  'color-tag-green-bg': '#f6ffed',
  'color-tag-green-border': '#b7eb8f',
  'color-tag-cyan': { light: '#006d75', dark: '#5cdbd3' },
  'color-tag-cyan-bg': '#e6fffb',
  'color-tag-cyan-border': '#87e8de',
  'color-tag-purple': { light: '#531dab', dark: '#b37feb' },
  'color-tag-purple-bg': '#f9f0ff',
  'color-tag-purple-border': '#d3adf7',
  'color-tag-red': { light: '#a8071a', dark: '#ff7875' },
  'color-tag-red-bg': '#fff1f0',
  'color-tag-red-border': '#ffa39e',
  'color-tag-default': { light: '#3d3431', dark: 'rgba(255, 255, 255, 0.75)' },
  'color-tag-default-bg': '#f5f2ef',
  'color-tag-default-border': { light: '#d9d0ca', dark: '#4a403b' },

  // Spacing, radii and type.
  'space-1': '4px',
  'space-2': '8px',
  'space-3': '12px',
  'space-4': '16px',
  'space-5': '24px',
  'space-6': '32px',
  'radius-xs': '3px',
  'radius-sm': '4px',
  'radius-md': '6px',
  'radius-lg': '8px',
  'font-family': FONT_FAMILY,
  'font-size-xs': '12px',
  'font-size-sm': '13px',
  'font-size-md': '14px',
  'font-size-base': '15px',
  'font-size-lg': '16px',
  'font-size-xl': '17px',
  'font-size-2xl': '18px',
  'font-size-3xl': '22px',
  'font-size-4xl': '26px',
} as const satisfies Record<string, TokenValue>;

export type TokenName = keyof typeof TOKENS;
export type ThemeName = 'light' | 'dark';

/** The value of a token in a theme. */
export function tokenValue(name: TokenName, theme: ThemeName): string {
  const value: TokenValue = TOKENS[name];
  return typeof value === 'string' ? value : value[theme];
}

/** A token's value as a number of pixels (for antd's numeric tokens). */
export function tokenPx(name: TokenName): number {
  return Number.parseFloat(tokenValue(name, 'light'));
}

/** The text of tokens.css. */
export function renderTokensCss(): string {
  const names = Object.keys(TOKENS) as TokenName[];
  const line = (name: TokenName, theme: ThemeName) => `  --${name}: ${tokenValue(name, theme)};`;
  const switching = names.filter((name) => typeof TOKENS[name] !== 'string');
  return [
    '/* Generated from tokens.ts: do not edit. Change tokens.ts, then run',
    '   WRITE_TOKENS=1 npx vitest run --project web web/src/theme/tokens.test.ts */',
    ':root {',
    ...names.map((name) => line(name, 'light')),
    '}',
    "html[data-theme='dark'] {",
    ...switching.map((name) => line(name, 'dark')),
    '}',
    '',
  ].join('\n');
}
