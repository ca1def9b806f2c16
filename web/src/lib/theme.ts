import { createContext, useContext } from 'react';
import { type ThemeConfig, theme as antdTheme } from 'antd';
import { type TokenName, tokenPx, tokenValue } from '../theme/tokens';

export const THEME_STORAGE_KEY = 'theme';
export type ThemeMode = 'light' | 'dark';
export const PRIMARY_COLOR = tokenValue('color-primary', 'light');

/** `dark` in storage means dark; anything else, or nothing, means light. */
export function readThemeMode(): ThemeMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function saveThemeMode(mode: ThemeMode): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // the choice then lasts for this page only
  }
}

/**
 * The craftsman look: brick red, sturdy corners, a warm paper background, a workshop-dark sider.
 * Every value comes from the design tokens (theme/tokens.ts), the same ones the CSS reads.
 */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  const isDark = mode === 'dark';
  const color = (name: TokenName) => tokenValue(name, mode);
  return {
    algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorLink: color('color-link'),
      borderRadius: tokenPx('radius-sm'),
      fontFamily: tokenValue('font-family', mode),
      colorBgLayout: color('color-bg-page'),
      fontSize: tokenPx('font-size-base'),
    },
    components: {
      Layout: {
        siderBg: color('color-bg-sider'),
        headerBg: color('color-bg-surface'),
      },
      Menu: {
        darkItemBg: color('color-bg-sider'),
        darkSubMenuItemBg: color('color-bg-sider-sub'),
        darkItemSelectedBg: PRIMARY_COLOR,
      },
      Button: { fontWeight: 600 },
    },
  };
}

export type ThemeModeState = { mode: ThemeMode; setMode: (mode: ThemeMode) => void };

/** The current theme, set by the app root; read by the antd provider and the theme switch. */
export const ThemeModeContext = createContext<ThemeModeState>({ mode: 'light', setMode: () => undefined });

export function useThemeMode(): ThemeModeState {
  return useContext(ThemeModeContext);
}
