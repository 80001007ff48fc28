import type { CrosstabExportMetric } from '@aas/shared-contracts';
import { Workbook, type Worksheet } from 'exceljs';
import { type CrosstabSheet, LOW_BASE_MARK, METRIC_DEFINITIONS, metricLine, metricsOf } from './crosstab-sheet';

/** Low-base cells: a pale amber fill besides the mark after the number. */
const LOW_BASE_FILL = 'FFFFE7B3';
const HEADER_FILL = 'FFE8EEF7';
/** Excel refuses a sheet name with any of these, or longer than 31 characters. */
const SHEET_NAME_FORBIDDEN = /[\\/?*:[\]]/g;

/** The widest a label column gets (characters): longer names wrap rather than push the numbers away. */
const MAX_LABEL_WIDTH = 60;

function fillOf(argb: string) {
  return { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb } };
}

/**
 * One worksheet: the header block (label in A, value in B), an empty row, then the table: the
 * metric's name in the corner, column names across, row names down, one number per cell. Numbers
 * stay numbers (full precision; the number format rounds what is shown); a low-base cell shows the
 * mark after the number through its number format and is filled, so it still sums and sorts.
 */
function addMetricSheet(workbook: Workbook, sheet: CrosstabSheet, metric: keyof typeof METRIC_DEFINITIONS): Worksheet {
  const definition = METRIC_DEFINITIONS[metric];
  const ws = workbook.addWorksheet(definition.label.replace(SHEET_NAME_FORBIDDEN, ' ').slice(0, 31));
  const header = [...sheet.header];
  header.splice(1, 0, metricLine(metric));
  for (const [label, value] of header) {
    const row = ws.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { horizontal: 'left' };
  }
  ws.addRow([]);

  const top = ws.addRow([definition.label, ...sheet.columns.map((c) => c.name)]);
  top.font = { bold: true };
  top.alignment = { wrapText: true, vertical: 'bottom' };
  top.eachCell((cell) => {
    cell.fill = fillOf(HEADER_FILL);
    cell.border = { bottom: { style: 'thin' } };
  });
  const lowBaseFormat = `${definition.numberFormat}"${LOW_BASE_MARK}"`;
  sheet.rows.forEach((audience, r) => {
    // A cell without the metric (an average in a row that is no average item) stays empty.
    const row = ws.addRow([audience.name, ...sheet.cells[r].map((cell) => definition.value(cell) ?? null)]);
    row.getCell(1).font = { bold: true };
    row.getCell(1).alignment = { wrapText: true };
    sheet.cells[r].forEach((cell, c) => {
      const target = row.getCell(c + 2);
      if (cell.flags.low_base && typeof target.value === 'number') {
        target.numFmt = lowBaseFormat;
        target.fill = fillOf(LOW_BASE_FILL);
      } else {
        target.numFmt = definition.numberFormat;
      }
    });
  });

  const labelWidth = Math.min(MAX_LABEL_WIDTH, Math.max(22, ...sheet.rows.map((r) => r.name.length + 2)));
  ws.getColumn(1).width = labelWidth;
  for (let c = 0; c < sheet.columns.length; c++) ws.getColumn(c + 2).width = Math.min(30, Math.max(12, sheet.columns[c].name.length + 2));
  // The header block's values read across the table's columns; the table's names stay in view when scrolling.
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: top.number }];
  return ws;
}

/**
 * The sheet as an Excel workbook (.xlsx): one worksheet per metric (`all`: the six figures in the
 * order of CROSSTAB_METRICS, then average, significance and trend when the crosstab has them), each
 * with the header block and the table of that metric.
 */
export async function crosstabWorkbook(sheet: CrosstabSheet, metric: CrosstabExportMetric): Promise<Buffer> {
  const workbook = new Workbook();
  workbook.creator = 'Audience Analytics Service';
  workbook.title = sheet.title;
  for (const m of metricsOf(sheet, metric)) addMetricSheet(workbook, sheet, m);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
