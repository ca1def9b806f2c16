import { type AriaRole, type ReactNode, useId } from 'react';
import './result-panel.css';

export type ResultStatus = 'success' | 'info' | 'warning' | 'error' | 'notFound' | 'forbidden';

export type ResultPanelProps = {
  status: ResultStatus;
  title: ReactNode;
  subTitle?: ReactNode;
  /** Actions under the text: links or buttons. */
  extra?: ReactNode;
};

// Colour and white glyph of each status mark; drawn on a circle, or on a ticket for the
// "not found" and "forbidden" pages.
const MARKS: Record<ResultStatus, { color: string; glyph: string }> = {
  success: { color: 'var(--color-success)', glyph: 'M31 49l11 11 23-24' },
  info: { color: 'var(--color-info)', glyph: 'M48 45v21M48 31v1' },
  warning: { color: 'var(--color-warning)', glyph: 'M48 29v22M48 65v1' },
  error: { color: 'var(--color-error)', glyph: 'M35 35l26 26M61 35L35 61' },
  notFound: { color: 'var(--color-primary)', glyph: 'M41 41a7 7 0 1 1 10 6.3c-2 1-3 2.2-3 4.2v1.5M48 60v1' },
  forbidden: { color: 'var(--color-primary)', glyph: 'M34 48h28' },
};

const TICKET =
  'M16 24H80a8 8 0 0 1 8 8V41a7 7 0 0 0 0 14V64a8 8 0 0 1-8 8H16a8 8 0 0 1-8-8V55a7 7 0 0 0 0-14V32a8 8 0 0 1 8-8Z';

/**
 * The outcome of a step (ticket sent, not found, not allowed, failed to load) as a mark, a
 * heading, a line of text and actions. Plain markup with result-panel.css in place of antd
 * Result, which costs about 10 KB gzip on the ticket screens.
 */
export function ResultPanel({ status, title, subTitle, extra }: ResultPanelProps) {
  const titleId = useId();
  const { color, glyph } = MARKS[status];
  const isTicket = status === 'notFound' || status === 'forbidden';
  return (
    <section className="result-panel" aria-labelledby={titleId}>
      <svg className="result-panel-mark" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
        {isTicket ? <path fill={color} d={TICKET} /> : <circle cx="48" cy="48" r="44" fill={color} />}
        <path
          d={glyph}
          fill="none"
          stroke="var(--color-on-primary)"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2 id={titleId} className="result-panel-title">
        {title}
      </h2>
      {subTitle && <p className="result-panel-text">{subTitle}</p>}
      {extra && <div className="result-panel-actions">{extra}</div>}
    </section>
  );
}

export type ResultNoteProps = {
  text: ReactNode;
  /** Actions under the text: links or buttons. */
  extra?: ReactNode;
  role?: AriaRole;
};

/** A line of text and its actions in the result panel's layout, without mark or heading (e.g. "not allowed"). */
export function ResultNote({ text, extra, role }: ResultNoteProps) {
  return (
    <div className="result-panel" role={role}>
      <p className="result-panel-text">{text}</p>
      {extra && <div className="result-panel-actions">{extra}</div>}
    </div>
  );
}
