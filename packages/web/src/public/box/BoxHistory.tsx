import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoxEventRow } from '../../api/binding';
import { refusalText } from '../../api/HttpError';
import { formatDateTime } from '../../utils/format';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Skeleton';
import { fetchBoxHistory } from './boxApi';

type HistoryState = { status: 'closed' | 'loading' } | { status: 'done'; list: BoxEventRow[] } | { status: 'failed'; error: unknown };

/** The latest packing events of a box, for its company's staff: who packed, moved or unpacked what, when. */
export function BoxHistory({ boxCode }: { boxCode: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<HistoryState>({ status: 'closed' });
  const open = () => {
    setState({ status: 'loading' });
    fetchBoxHistory(boxCode).then(
      (page) => setState({ status: 'done', list: page.list }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  };
  return (
    <div className="public-card">
      {state.status === 'closed' ? (
        <Button block onClick={open} data-testid="box-history-open">
          {t('binding.history.show')}
        </Button>
      ) : (
        <>
          <h3 className="binding-heading">{t('binding.history.title')}</h3>
          {state.status === 'loading' && <Spinner label={t('scan.verdict.checking')} />}
          {state.status === 'failed' && <p className="binding-muted">{refusalText(state.error, t('binding.failed'))}</p>}
          {state.status === 'done' && (
            <ul className="box-items" data-testid="box-history">
              {state.list.map((event) => (
                <li key={event.id} className="box-items__row">
                  <div>
                    {t(`binding.history.actions.${event.action}`)} <span className="box-items__code">{event.itemCode}</span>
                  </div>
                  <div className="box-items__meta">{eventDetail(event, boxCode, t)}</div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function eventDetail(event: BoxEventRow, boxCode: string, t: (key: 'binding.history.movedOut' | 'binding.history.movedIn', options: { box: string }) => string): string {
  const where =
    event.action !== 'MOVE'
      ? ''
      : event.boxCode === boxCode
        ? t('binding.history.movedIn', { box: event.fromBoxCode ?? '' })
        : t('binding.history.movedOut', { box: event.boxCode });
  return [formatDateTime(event.createdAt), event.userName, where].filter(Boolean).join(' · ');
}
