import { screenWidth } from './support/dom';
import '../src/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp, Button, DatePicker, Form, Input, type TableColumnsType } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PagedTable } from '../src/components/PagedTable';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  screenWidth.px = 1280;
});

interface Row {
  id: string;
  name: string;
  quantity: number;
  note: string;
}

const ROWS: Row[] = [{ id: '1', name: '西瓜单果溯源码', quantity: 600, note: '第一批' }];
const onEdit = vi.fn();

const columns: TableColumnsType<Row> = [
  { key: 'name', dataIndex: 'name', title: '规则', ellipsis: true },
  { key: 'quantity', dataIndex: 'quantity', title: '数量', width: 240 },
  { key: 'note', dataIndex: 'note', title: '备注', render: (v: string) => <b>{v}</b> },
  { key: 'extra', dataIndex: 'note', title: '其他' },
  {
    key: 'operation',
    title: '操作',
    fixed: 'right',
    render: (_, row) => (
      <Button type="link" onClick={() => onEdit(row.id)} data-testid={`edit-${row.id}`}>
        编辑
      </Button>
    ),
  },
];

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <PagedTable<Row>
          queryKey={['narrow-test']}
          fetchPage={async () => ({ list: ROWS, total: ROWS.length, pageNum: 1, pageSize: 10 })}
          columns={columns}
          rowKey="id"
          searchFields={
            <>
              <Form.Item name="name" label="名称">
                <Input />
              </Form.Item>
              <Form.Item name="range" label="时间">
                <DatePicker.RangePicker />
              </Form.Item>
            </>
          }
        />
      </QueryClientProvider>
    </AntApp>,
  );
}

const headers = () => Array.from(document.querySelectorAll('thead th'), (th) => th.textContent);

describe('a list on a desktop', () => {
  it('pins its actions to the right and keeps the filters in a line', async () => {
    renderList();
    await screen.findByText('西瓜单果溯源码');
    expect(headers()).toEqual(['规则', '数量', '备注', '其他', '操作']);
    expect(screen.getByTestId('edit-1')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-end')).toBeTruthy();
    expect(document.querySelector('.paged-table__search')?.classList.contains('ant-form-inline')).toBe(true);
    expect(document.querySelector('.narrow-table__cell')).toBeNull();
  });
});

describe('a list on a phone (390 px)', () => {
  it('shows its first columns capped, its actions behind "⋯", its filters one a line', async () => {
    screenWidth.px = 390;
    renderList();
    await screen.findByText('西瓜单果溯源码');
    // the actions column has no title, only a "⋯" per row; the data columns keep theirs
    expect(headers()).toEqual(['规则', '数量', '备注', '其他', '']);
    expect(screen.queryByTestId('edit-1')).toBeNull();
    const keyCells = Array.from(document.querySelectorAll('tr.ant-table-row .narrow-table__cell--key'), (c) => c.textContent);
    expect(keyCells).toEqual(['西瓜单果溯源码', '600', '第一批']);
    expect(document.querySelectorAll('tr.ant-table-row .narrow-table__cell:not(.narrow-table__cell--key)')).toHaveLength(1);
    // a desktop width would hold a column open on a phone
    expect(Array.from(document.querySelectorAll('col'), (c) => (c as HTMLElement).style.width)).not.toContain('240px');
    expect(document.querySelector('.paged-table__search')?.classList.contains('ant-form-vertical')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '操作' }));
    const menu = await screen.findByTestId('edit-1');
    fireEvent.click(within(menu.closest('.narrow-table__menu') as HTMLElement).getByText('编辑'));
    expect(onEdit).toHaveBeenCalledWith('1');
  });
});
