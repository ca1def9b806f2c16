import { theme } from 'antd';

/** The antd theme's design tokens (colours, radii, shadows) for a style computed in code. */
export function useThemeToken() {
  return theme.useToken().token;
}
