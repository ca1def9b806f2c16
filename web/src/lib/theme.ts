import { createContext, useContext } from 'react';
import { type ThemeConfig, theme as antdTheme } from 'antd';

export const THEME_STORAGE_KEY = 'theme';
export type ThemeMode = 'light' | 'dark';
export const PRIMARY_COLOR = '#bf1919';

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

/** The craftsman look: brick red, sturdy corners, a warm paper background, a workshop-dark sider. */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  const isDark = mode === 'dark';
  return {
    algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorLink: isDark ? '#ff6b5e' : PRIMARY_COLOR,
      borderRadius: 4,
      fontFamily:
        "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
      colorBgLayout: isDark ? '#171311' : '#f6f1ea',
      fontSize: 15,
    },
    components: {
      Layout: {
        siderBg: isDark ? '#120f0e' : '#2b2320',
        headerBg: isDark ? '#1f1a17' : '#ffffff',
      },
      Menu: {
        darkItemBg: isDark ? '#120f0e' : '#2b2320',
        darkSubMenuItemBg: isDark ? '#0d0b0a' : '#231c1a',
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
