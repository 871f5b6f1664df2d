import { useState, type MouseEvent, type ReactNode } from 'react';
import { Button, Grid, Popover, type TableColumnsType } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Lists at phone width (under antd's md breakpoint, 768 px). A desktop list pins its actions column to the
 * right and lets every column take its content's width; on a 390 px phone that pinned column took most of the
 * screen and the first data column took the rest. Narrowed, a list shows its first data columns side by side
 * (each at most a third of the screen, text wrapping inside), and the row's actions sit behind one pinned "⋯"
 * button. The columns after the first few stay a horizontal scroll away.
 */
export function useNarrowScreen(): boolean {
  // Before its first measure the hook answers {}: a desktop until told otherwise.
  return Grid.useBreakpoint().md === false;
}

/** The data columns a phone shows at once. */
export const KEY_COLUMNS = 3;

type Column<Row> = TableColumnsType<Row>[number];

const pinnedToEnd = (fixed: unknown) => fixed === 'right' || fixed === 'end';

/** The columns of `columns` for a phone: the actions column compact behind "⋯", the others capped. */
export function narrowColumns<Row extends object>(columns: TableColumnsType<Row>, actionsLabel: string): TableColumnsType<Row> {
  let dataIndex = 0;
  return columns.map((column): Column<Row> => {
    if ('children' in column && column.children) return column;
    if (pinnedToEnd(column.fixed)) {
      const render = column.render;
      return {
        ...column,
        title: null,
        width: 40,
        className: 'narrow-table__actions',
        onHeaderCell: () => ({ 'aria-label': actionsLabel }),
        render: (value: unknown, row: Row, index: number) => (
          <RowActionsMenu label={actionsLabel}>{render ? (render(value, row, index) as ReactNode) : null}</RowActionsMenu>
        ),
      };
    }
    const cap = dataIndex < KEY_COLUMNS ? 'narrow-table__cell narrow-table__cell--key' : 'narrow-table__cell';
    dataIndex += 1;
    const render = column.render;
    const title = column.title;
    return {
      ...column,
      // a desktop width (a 240 px progress bar, a 170 px date) would hold the column open; an ellipsis
      // would keep its text on one line: on a phone the text wraps inside the cap instead
      width: undefined,
      ellipsis: false,
      fixed: undefined,
      title: typeof title === 'function' ? title : <div className={cap}>{title}</div>,
      render: (value: unknown, row: Row, index: number) => <div className={cap}>{render ? (render(value, row, index) as ReactNode) : (value as ReactNode)}</div>,
    };
  });
}

/** The actions of a row behind a "⋯" button; an action that opens a menu of its own keeps the list open. */
export function RowActionsMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const closeAfterAction = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('.ant-dropdown-trigger, [aria-haspopup]')) return;
    if (target.closest('button, a')) setOpen(false);
  };
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={
        <div className="narrow-table__menu" onClick={closeAfterAction}>
          {children}
        </div>
      }
    >
      <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={label} className="narrow-table__more" />
    </Popover>
  );
}

/** The table props of a list at the current width: the columns above and small cells on a phone. */
export function useNarrowTable<Row extends object>(columns: TableColumnsType<Row>): { narrow: boolean; columns: TableColumnsType<Row> } {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  return { narrow, columns: narrow ? narrowColumns(columns, t('common.operation')) : columns };
}
