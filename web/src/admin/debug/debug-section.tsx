import { type ReactNode, useId } from 'react';

export type DebugSectionProps = {
  title: string;
  intro: string;
  children: ReactNode;
};

/** One tool of the debug page: a titled panel the screen reader lists as a region. */
export function DebugSection({ title, intro, children }: DebugSectionProps) {
  const headingId = useId();
  return (
    <section className="admin-debug-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p className="admin-debug-muted">{intro}</p>
      {children}
    </section>
  );
}
