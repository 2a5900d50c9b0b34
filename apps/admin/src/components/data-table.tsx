import { useTranslate } from '@refinedev/core';
import type { UseTableReturnType } from '@refinedev/react-table';
import { type Column, flexRender } from '@tanstack/react-table';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

type Props<T extends object> = { table: UseTableReturnType<T>; empty: string; rowKey: keyof T & string };

/**
 * A TanStack table drawn with Ant Design's table: TanStack holds the columns, sorting and paging (refine keeps
 * them in the query to the server); antd draws it. Paging is Previous/Next, as the API pages by cursor.
 */
export function DataTable<T extends object>({ table, empty, rowKey }: Props<T>) {
  const t = useTranslate();
  const { reactTable, refineCore } = table;
  const headers = reactTable.getFlatHeaders();
  const columns: ColumnsType<T> = headers.map((h) => ({
    key: h.id,
    title: h.column.getCanSort() ? (
      <SortButton column={h.column}>{flexRender(h.column.columnDef.header, h.getContext())}</SortButton>
    ) : (
      flexRender(h.column.columnDef.header, h.getContext())
    ),
    render: (_: unknown, _record: T, index: number) => {
      const cell = reactTable
        .getRowModel()
        .rows[index]?.getVisibleCells()
        .find((c) => c.column.id === h.id);
      return cell ? flexRender(cell.column.columnDef.cell, cell.getContext()) : null;
    },
  }));
  const page = refineCore.currentPage;
  const rows = reactTable.getRowModel().rows.map((r) => r.original);
  return (
    <>
      <Table<T>
        size="middle"
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={refineCore.tableQuery.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: refineCore.tableQuery.isError ? refineCore.tableQuery.error?.message : empty }}
      />
      <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}>
        <Button disabled={page <= 1} onClick={() => refineCore.setCurrentPage(page - 1)}>
          {t('table.previous')}
        </Button>
        <Typography.Text type="secondary">{t('table.page', { page })}</Typography.Text>
        <Button disabled={page >= refineCore.pageCount} onClick={() => refineCore.setCurrentPage(page + 1)}>
          {t('table.next')}
        </Button>
      </Space>
    </>
  );
}

function SortButton<T>({ column, children }: { column: Column<T>; children: React.ReactNode }) {
  const dir = column.getIsSorted();
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      style={{ all: 'unset', cursor: 'pointer', display: 'inline-flex', gap: 4 }}
    >
      {children}
      <span aria-hidden>{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>
    </button>
  );
}
