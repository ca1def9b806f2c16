import { SPLASH_FADE_MS, SPLASH_MIN_DISPLAY_MS } from '@domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SplashScreenProps = {
  /** True once the user and profile have loaded. */
  isReady: boolean;
  minDisplayMs?: number;
  fadeMs?: number;
  /** The app, mounted at once beneath the splash so its loading runs while the splash shows. */
  children?: ReactNode;
};

const PRIMARY = 'var(--color-primary)';

const SPLASH_CSS = `
.app-splash__hammer {
  transform-origin: 48px 66px;
  animation: app-splash-tap 1.2s ease-in-out infinite;
}
@keyframes app-splash-tap {
  0%, 55%, 100% { transform: rotate(0deg); }
  25% { transform: rotate(-16deg); }
}
@media (prefers-reduced-motion: reduce) {
  .app-splash__hammer { animation: none; }
}
`;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** The mark: a red ticket with a white hammer over it. */
function SplashMark() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <path
        fill={PRIMARY}
        d="M16 24H80a8 8 0 0 1 8 8V41a7 7 0 0 0 0 14V64a8 8 0 0 1-8 8H16a8 8 0 0 1-8-8V55a7 7 0 0 0 0-14V32a8 8 0 0 1 8-8Z"
      />
      <path
        d="M68 30V66"
        stroke="var(--color-on-primary)"
        strokeOpacity="0.6"
        strokeWidth="2"
        strokeDasharray="3 4"
      />
      <g transform="rotate(-30 40 48)">
        <g className="app-splash__hammer">
          <rect x="37" y="40" width="6" height="28" rx="2" fill="var(--color-on-primary)" />
          <path d="M25 31h24a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H25l-5-3v-6Z" fill="var(--color-on-primary)" />
        </g>
      </g>
    </svg>
  );
}

/**
 * Covers the app at start until it is ready and at least minDisplayMs have passed (so it never flashes),
 * then fades out over fadeMs and unmounts. With reduced motion it leaves without the fade.
 */
export function SplashScreen({
  isReady,
  minDisplayMs = SPLASH_MIN_DISPLAY_MS,
  fadeMs = SPLASH_FADE_MS,
  children,
}: SplashScreenProps) {
  const { t } = useTranslation();
  const [hasMinElapsed, setHasMinElapsed] = useState(minDisplayMs <= 0);
  const [isGone, setIsGone] = useState(false);
  const [isReducedMotion] = useState(prefersReducedMotion);
  const isFading = isReady && hasMinElapsed && !isGone;

  useEffect(() => {
    if (hasMinElapsed) return;
    const timer = setTimeout(() => setHasMinElapsed(true), minDisplayMs);
    return () => clearTimeout(timer);
  }, [hasMinElapsed, minDisplayMs]);

  // Once gone, it stays gone even if isReady flickers later; reduced motion skips the fade.
  useEffect(() => {
    if (!isFading) return;
    const timer = setTimeout(() => setIsGone(true), isReducedMotion ? 0 : fadeMs);
    return () => clearTimeout(timer);
  }, [isFading, isReducedMotion, fadeMs]);

  const name = t('app.name');
  // Inline styles on purpose: the splash covers the app before any stylesheet chunk has loaded, and without one.
  return (
    <>
      {children}
      {isGone || (isFading && isReducedMotion) ? null : (
        <div
          role="status"
          aria-label={t('splash.loading', { name })}
          data-state={isFading ? 'fading' : 'visible'}
          style={{
            position: 'fixed',
            inset: 0,
            zIndex: 2000,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 16,
            // Theme colours from the design tokens (theme/tokens.css): reading antd's theme tokens here would make the first
            // render compute the whole token set, the costliest script work of /login.
            background: 'var(--splash-bg)',
            color: 'var(--splash-fg)',
            opacity: isFading ? 0 : 1,
            transition: `opacity ${fadeMs}ms ease`,
            // While fading, the app underneath is already usable.
            pointerEvents: isFading ? 'none' : 'auto',
          }}
        >
          <style href="app-splash" precedence="default">
            {SPLASH_CSS}
          </style>
          <SplashMark />
          <div style={{ fontSize: 24, fontWeight: 700, letterSpacing: 0.5 }}>{name}</div>
        </div>
      )}
    </>
  );
}
