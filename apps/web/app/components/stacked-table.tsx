import { Table, type TableProps } from '@mantine/core';
import clsx from 'clsx';
import type { CSSProperties } from 'react';
import classes from './stacked-table.module.css';

/**
 * A table that keeps to the screen (issue 30): from 600 px up a table, scrolling inside its own box when
 * it is wider than the page; below 600 px one card per row, each cell under its column's name, which a
 * cell gives as `data-label` (a cell without one, such as a row's link, shows alone). Nothing scrolls
 * sideways on a phone, so the score is always in view.
 */
export function StackedTable({
  minWidth,
  className,
  style,
  ...table
}: Omit<TableProps, 'style'> & { minWidth?: number; style?: CSSProperties }) {
  return (
    <div className={classes.wrap}>
      <Table
        {...table}
        className={clsx(classes.table, className)}
        style={{ ...style, ...(minWidth ? { '--stacked-table-min-width': `${minWidth}px` } : {}) }}
      />
    </div>
  );
}
