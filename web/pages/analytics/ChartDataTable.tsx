import { useLingui } from '@lingui/react';

/** A line or bar of a chart: its name and its number at a point. */
export interface ChartColumn<Point> {
  key: string;
  label: string;
  value: (point: Point) => number;
}

/**
 * A chart's numbers as a table for screen readers, which get nothing from the drawing: a row a day or
 * month (`dateLabel` writes it in full), a column a line or bar of the chart.
 */
export function ChartDataTable<Point extends { date: string }>({
  caption,
  dateHeader,
  columns,
  points,
  dateLabel,
}: {
  caption: string;
  dateHeader: string;
  columns: ChartColumn<Point>[];
  points: Point[];
  dateLabel: (date: string) => string;
}) {
  const { i18n } = useLingui();
  return (
    // a table ignores the width of sr-only: its box is what stays out of sight
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{dateHeader}</th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.date}>
              <th scope="row">{dateLabel(point.date)}</th>
              {columns.map((column) => (
                <td key={column.key}>{i18n.number(column.value(point))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
