import { useState } from 'react';
import { Alert, Button, Popconfirm, Spin } from 'antd';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isHttpError } from '../../api/HttpError';
import { fetchBoxContents, fetchBoxSummary, refusalText, unpackItems } from '../../api/binding';
import { CodeScanner } from '../../components/scan/CodeScanner';
import { formatDateTime } from '../../utils/format';
import { PublicShell } from './shell/PublicShell';
import { StaffSignIn } from './shell/StaffSignIn';
import { useStaffSession } from './shell/useStaffSession';
import { Stat } from './binding/Stat';
import { BoxHistory } from './binding/BoxHistory';
import './binding/binding.css';

const PAGE_SIZE = 50;

/**
 * /boxCodeView?code=…: what a box holds. Signed-in staff of the box's company see every item code with
 * its product, batch and who packed it. Anyone else sees only how many items of which products: item
 * codes are the secrets that prove each unit genuine, so a box label must not hand them out.
 */
export default function BoxCodeView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = (params.get('code') ?? '').trim();
  return (
    <PublicShell title={t('binding.title.boxView')}>
      <div className="public-card">
        <CodeScanner
          key={code}
          onScan={(scanned) => void navigate(`/boxCodeView?code=${encodeURIComponent(scanned)}`)}
          placeholder={t('binding.view.enterBox')}
          testId="box-view-input"
        />
      </div>
      {code && <BoxView code={code} />}
    </PublicShell>
  );
}

function BoxView({ code }: { code: string }) {
  const { user, loading } = useStaffSession();
  if (loading) return <Spin />;
  return user?.merchantCode ? <StaffBoxView code={code} /> : <PublicBoxView code={code} />;
}

function StaffBoxView({ code }: { code: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Unpacking the whole box (a carton opened for rework): every item leaves it, each as an UNPACK event.
  const unpackAll = useMutation({
    mutationFn: (boxCode: string) => unpackItems({ boxCode }),
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => ['boxContents', 'boxHistory'].includes(String(q.queryKey[0])) }),
  });
  const pages = useInfiniteQuery({
    queryKey: ['boxContents', code],
    queryFn: ({ pageParam }) => fetchBoxContents(code, pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    retry: false,
  });
  if (pages.isPending) return <Spin />;
  // Another company's box is "not found" to this account; the public view still answers for it.
  if (pages.isError && isHttpError(pages.error) && pages.error.code === 'NOT_FOUND') return <PublicBoxView code={code} />;
  if (pages.isError) return <Alert type="error" showIcon title={refusalText(pages.error, t('binding.failed'))} data-testid="box-view-error" />;
  const first = pages.data.pages[0];
  const items = pages.data.pages.flatMap((p) => p.list);
  return (
    <>
      <div className="public-card" data-testid="box-staff-view">
        <div className="binding-stats">
          <Stat label={t('binding.pack.box')} value={first?.box.code} />
          <Stat label={t('binding.pack.inBox')} value={first?.total ?? 0} testId="box-view-count" />
        </div>
        {items.length === 0 ? (
          <p className="binding-muted">{t('binding.view.empty')}</p>
        ) : (
          <ul className="box-items">
            {items.map((item) => (
              <li key={item.codeId} className="box-items__row" data-testid="box-item">
                <div className="box-items__code">{item.itemCode}</div>
                <div className="box-items__meta">
                  {item.productName ?? t('binding.view.noProduct')}
                  {item.batchNo ? ` · ${t('binding.view.batch')} ${item.batchNo}` : ''} · {formatDateTime(item.packedAt)}
                  {item.packedBy ? ` · ${item.packedBy}` : ''}
                </div>
              </li>
            ))}
          </ul>
        )}
        {pages.hasNextPage && (
          <Button block onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage} style={{ marginTop: 8 }}>
            {t('binding.view.loadMore')}
          </Button>
        )}
        {items.length > 0 && first && (
          <Popconfirm title={t('binding.view.unpackConfirm', { count: first.total })} onConfirm={() => unpackAll.mutate(first.box.code)}>
            <Button danger block loading={unpackAll.isPending} style={{ marginTop: 8 }} data-testid="box-unpack-all">
              {t('binding.view.unpackAll')}
            </Button>
          </Popconfirm>
        )}
        {unpackAll.isError && <Alert type="error" showIcon title={refusalText(unpackAll.error, t('binding.failed'))} style={{ marginTop: 8 }} />}
      </div>
      <BoxHistory boxCode={first?.box.code ?? code} />
    </>
  );
}

function PublicBoxView({ code }: { code: string }) {
  const { t } = useTranslation();
  const [signingIn, setSigningIn] = useState(false);
  const summary = useQuery({ queryKey: ['boxSummary', code], queryFn: () => fetchBoxSummary(code), retry: false });
  return (
    <>
      {summary.isPending && <Spin />}
      {summary.isError && (
        <Alert
          type="warning"
          showIcon
          title={isHttpError(summary.error) && summary.error.code === 'NOT_FOUND' ? t('binding.view.notFound') : refusalText(summary.error, t('binding.failed'))}
          data-testid="box-view-error"
        />
      )}
      {summary.isSuccess && (
        <div className="public-card" data-testid="box-public-view">
          <div className="binding-stats">
            <Stat label={t('binding.pack.box')} value={summary.data.boxCode} />
            <Stat label={t('binding.pack.inBox')} value={summary.data.itemCount} testId="box-view-count" />
          </div>
          <ul className="box-items">
            {summary.data.products.map((p) => (
              <li key={p.productName} className="box-items__row">
                {p.productName || t('binding.view.noProduct')} × {p.count}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="public-card">
        <p className="binding-muted">{t('binding.view.staffHint')}</p>
        {signingIn ? (
          <StaffSignIn>{() => null}</StaffSignIn>
        ) : (
          <Button onClick={() => setSigningIn(true)} data-testid="box-view-sign-in" style={{ marginTop: 8 }}>
            {t('binding.view.signIn')}
          </Button>
        )}
      </div>
    </>
  );
}
