import { Card, Col, Empty, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStore } from '../app/state/createStore';
import { appStore } from '../app/state/appStore';
import { sessionStore } from '../app/state/sessionStore';
import { menuRoutesStore } from '../app/router/menuRoutesStore';
import { metaTitle } from '../app/router/routeMeta';
import { topVisits, visitCountStore, type VisitCount } from '../app/state/visitCounts';
import { quickEntries } from './dashboard/quickEntries';
import { ScanFigures } from './statistic/ScanFigures';
import './Dashboard.css';

const QUICK_ENTRY_COUNT = 8;

/** Home: who is signed in, a few figures, shortcuts to the most used screens and the visit counts. */
export function Dashboard() {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const user = useStore(sessionStore, (s) => s.user);
  const groups = useStore(menuRoutesStore, (s) => s.groups);
  const counts = useStore(visitCountStore, (s) => s.counts);

  const leaves = groups.flatMap((g) => g.leaves);
  const entries = quickEntries(counts, leaves, QUICK_ENTRY_COUNT);
  const totalVisits = counts.reduce((sum, c) => sum + c.visitCount, 0);
  // Only screens still in the user's menu are links: a count kept from another account or another grant
  // (a company's screen, before a support view ended) must not lead to a page the user cannot open.
  const available = new Set(leaves.map((l) => l.fullPath));
  const reachable = counts.filter((c) => available.has(c.path));

  const columns: TableColumnsType<VisitCount> = [
    { key: 'title', title: t('dashboard.colTitle'), render: (_, row) => <Link to={row.path}>{metaTitle(row, lang)}</Link> },
    { key: 'path', dataIndex: 'path', title: t('dashboard.colPath') },
    { key: 'visitCount', dataIndex: 'visitCount', title: t('dashboard.colVisitCount'), align: 'right' },
  ];

  return (
    <div className="dashboard" data-testid="dashboard">
      <Card className="dashboard__welcome">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('dashboard.greeting', { name: user?.name || user?.username || '' })}
        </Typography.Title>
        {user?.companyName && <Typography.Text type="secondary">{t('dashboard.company', { company: user.companyName })}</Typography.Text>}
      </Card>

      <Row gutter={[12, 12]} className="dashboard__figures">
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('dashboard.menus')} value={leaves.length} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('dashboard.roles')} value={user?.roles.length ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('dashboard.permissions')} value={user?.permissionList.length ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('dashboard.visits')} value={totalVisits} />
          </Card>
        </Col>
      </Row>

      <ScanFigures />

      <Card title={t('dashboard.quickEntries')} className="dashboard__entries">
        {entries.length === 0 ? (
          <Empty description={t('dashboard.noEntries')} />
        ) : (
          <div className="dashboard__entry-list">
            {entries.map((entry) => (
              <Link key={entry.path} to={entry.path} className="dashboard__entry" data-testid={`quick-entry-${entry.path}`}>
                {metaTitle(entry, lang)}
              </Link>
            ))}
          </div>
        )}
      </Card>

      <Card title={t('dashboard.visitTable')}>
        <Table<VisitCount> rowKey="path" size="small" columns={columns} dataSource={topVisits(reachable, reachable.length)} pagination={false} />
      </Card>
    </div>
  );
}
