import { PERMISSIONS } from '@rd/contract';
import { usePermission } from '../../components/usePermission';
import { DATE_FORMAT } from '../../utils/format';
import { shortcutRange } from '../../utils/dateShortcuts';
import { KeyFigures } from './KeyFigures';
import { businessNow } from './businessNow';

/** The home page's scan figures over the last 30 business days (see businessNow), for users who may see statistics. */
export function ScanFigures() {
  const allowed = usePermission(PERMISSIONS.statisticView);
  if (!allowed) return null;
  const [begin, end] = shortcutRange('last30Days', businessNow());
  return <KeyFigures range={{ beginDate: begin.format(DATE_FORMAT), endDate: end.format(DATE_FORMAT) }} testId="dashboard-scan-figures" />;
}
