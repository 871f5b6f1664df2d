import { useState, type ReactNode } from 'react';
import { Button, Form, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type PageResult } from '@rd/contract';
import type { PageParams } from '../api/admin';
import { useStore } from '../app/state/createStore';
import { appStore } from '../app/state/appStore';
import { FIRST_PAGE, buildPageQuery, sorterToOrder, type Order, type PageState } from './pageQuery';
import { useNarrowTable } from './narrowTable';

export interface PagedTableProps<Row extends object, Filters extends object> {
  /** Identifies the list in the query cache; the page, filters and order are appended to it. */
  queryKey: readonly unknown[];
  fetchPage: (query: Filters & PageParams) => Promise<PageResult<Row>>;
  columns: TableColumnsType<Row>;
  rowKey: TableProps<Row>['rowKey'];
  /** Form.Items of the search form; their values become the filters. */
  searchFields?: ReactNode;
  /** Form values → filters, e.g. a date range into beginTime/endTime. */
  toFilters?: (values: Record<string, unknown>) => Filters;
  /** Buttons above the table (add, export ...). */
  toolbar?: ReactNode;
  /** Checkboxes for actions on chosen rows (export, batch changes). */
  rowSelection?: TableProps<Row>['rowSelection'];
}

/**
 * A searchable, paged, sortable list (spec 7.9 and 9): page sizes 5/10/20/50/100, 10 by default;
 * a column sorter becomes orderName/orderType. Data comes through TanStack Query, so a kept-alive
 * screen shows its last page at once and refreshes it in the background.
 */
export function PagedTable<Row extends object, Filters extends object = Record<string, unknown>>({
  queryKey,
  fetchPage,
  columns,
  rowKey,
  searchFields,
  toFilters,
  toolbar,
  rowSelection,
}: PagedTableProps<Row, Filters>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [filters, setFilters] = useState<Filters>({} as Filters);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [order, setOrder] = useState<Order>({});

  const lang = useStore(appStore, (s) => s.language);
  const shown = useNarrowTable(columns);
  const query = buildPageQuery(filters, page, order);
  const result = useQuery({
    // The language is part of the key: answers can hold translated texts.
    queryKey: [...queryKey, lang, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
  });

  const search = (values: Record<string, unknown>) => {
    setFilters(toFilters ? toFilters(values) : (values as Filters));
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const reset = () => {
    form.resetFields();
    search(form.getFieldsValue());
  };

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    setPage({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize });
    setOrder(sorterToOrder(sorter));
  };

  return (
    <div className={shown.narrow ? 'paged-table paged-table--narrow' : 'paged-table'}>
      {searchFields && (
        // on a phone one filter a line, each as wide as the screen, its label above it (global.css)
        <Form form={form} layout={shown.narrow ? 'vertical' : 'inline'} onFinish={search} className="paged-table__search">
          {searchFields}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="table-search">
                {t('common.search')}
              </Button>
              <Button onClick={reset} data-testid="table-reset">
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {toolbar && <div className="paged-table__toolbar">{toolbar}</div>}
      <Table<Row>
        rowKey={rowKey}
        rowSelection={rowSelection}
        columns={shown.columns}
        size={shown.narrow ? 'small' : undefined}
        dataSource={result.data?.list ?? []}
        loading={result.isFetching}
        // A table wider than the page (English headers, long codes) scrolls inside its card; a fixed actions
        // column then stays in view instead of being cut off at the window's edge. On a phone the first
        // columns share the screen and the actions hide behind "⋯" (narrowTable.tsx).
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: result.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('common.total', { total }),
        }}
      />
    </div>
  );
}
