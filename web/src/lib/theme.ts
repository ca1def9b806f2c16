// The light/dark choice, loaded on every screen; antd's theme built from it lives in antd-provider.tsx,
// so /login (no antd) does not load antd's theme code.
import { createContext, useContext } from 'react';
import { tokenValue } from '../theme/tokens';

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

export type ThemeModeState = { mode: ThemeMode; setMode: (mode: ThemeMode) => void };

/** The current theme, set by the app root; read by the antd provider and the theme switch. */
export const ThemeModeContext = createContext<ThemeModeState>({ mode: 'light', setMode: () => undefined });

export function useThemeMode(): ThemeModeState {
  return useContext(ThemeModeContext);
}
