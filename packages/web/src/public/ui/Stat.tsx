import './ui.css';
import type { ReactNode } from 'react';

/** One figure of a page's running tally: a small label over a large value. */
export function Stat({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="pub-stat">
      <span className="pub-stat__label">{label}</span>
      <span className="pub-stat__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
