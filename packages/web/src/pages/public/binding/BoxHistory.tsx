import { Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBoxHistory, refusalText, type BoxEventRow } from '../../../api/binding';
import { formatDateTime } from '../../../utils/format';

/** The latest packing events of a box, for its company's staff: who packed, moved or unpacked what, when. */
export function BoxHistory({ boxCode }: { boxCode: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useQuery({ queryKey: ['boxHistory', boxCode], queryFn: () => fetchBoxHistory(boxCode), enabled: open, retry: false });
  return (
    <div className="public-card">
      {!open ? (
        <Button block onClick={() => setOpen(true)} data-testid="box-history-open">
          {t('binding.history.show')}
        </Button>
      ) : (
        <>
          <h3 className="binding-heading">{t('binding.history.title')}</h3>
          {history.isPending && <Spin />}
          {history.isError && <p className="binding-muted">{refusalText(history.error, t('binding.failed'))}</p>}
          {history.isSuccess && (
            <ul className="box-items" data-testid="box-history">
              {history.data.list.map((event) => (
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
