import type { ReactNode } from 'react';

export interface InfoItem {
  label: string;
  value: ReactNode;
  /** Stable hook for tests and for long values that wrap (addresses, introductions). */
  testId?: string;
  wide?: boolean;
}

/** Label / value pairs of a result section; empty values are left out rather than shown as "-". */
export function InfoList({ items }: { items: readonly InfoItem[] }) {
  const shown = items.filter((item) => item.value !== '' && item.value !== null && item.value !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="scan-info">
      {shown.map((item) => (
        <div key={item.label} className={item.wide ? 'scan-info__row scan-info__row--wide' : 'scan-info__row'} data-testid={item.testId}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled card of the result page. */
export function ScanSection({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="scan-section" data-testid={testId}>
      <h2 className="scan-section__title">{title}</h2>
      {children}
    </section>
  );
}
