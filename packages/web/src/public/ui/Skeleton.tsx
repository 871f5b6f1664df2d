import './ui.css';
/** Grey lines where content is coming: the shape of the answer before it arrives. */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="pub-skeleton" aria-hidden="true">
      <div className="pub-skeleton__title" />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="pub-skeleton__line" />
      ))}
    </div>
  );
}

/** A small spinning ring for a part of the page that is loading; `label` is read to screen readers. */
export function Spinner({ label, 'data-testid': testId }: { label: string; 'data-testid'?: string }) {
  return (
    <div className="pub-spin-box" role="status" data-testid={testId}>
      <span className="pub-spin" aria-hidden="true" />
      <span className="pub-visually-hidden">{label}</span>
    </div>
  );
}
