// Prints the PSPP syntax of a tables file's `pspp` members (see tools/oracle/README.md):
//   node tools/oracle/pspp-syntax.mjs <tables.json> <data file name as PSPP should open it>
// A .sav is opened as it is; a CSV is read with every column numeric (blank: system-missing).
// Each table's output follows a line `@table <id>` (ECHO; `<id>/<item>` for a MEANS, or a CROSSTABS of
// one item of several), so a reader finds it by name.
import { readFileSync } from 'node:fs';

const [tablesPath, dataFile] = process.argv.slice(2);
if (!tablesPath || !dataFile) {
  console.error('usage: node tools/oracle/pspp-syntax.mjs <tables.json> <data file>');
  process.exit(64);
}
const spec = JSON.parse(readFileSync(tablesPath, 'utf8'));
const lines = [];
if (dataFile.endsWith('.sav')) {
  lines.push(`GET FILE='${dataFile}'.`);
} else {
  const header = readFileSync(spec.pspp.csv ?? spec.data, 'utf8')
    .split(/\r?\n/, 1)[0]
    .split(',');
  lines.push(
    `GET DATA /TYPE=TXT /FILE='${dataFile}' /ARRANGEMENT=DELIMITED /DELCASE=LINE /FIRSTCASE=2 /DELIMITERS=","`,
    `  /VARIABLES=${header.map((name) => `${name} F20.6`).join(' ')}.`,
  );
}
lines.push(...(spec.pspp?.setup ?? []));
for (const table of spec.tables) lines.push(...(table.pspp?.compute ?? []));
// Full precision: MEANS prints a variable's statistics in the variable's format.
for (const table of spec.tables) for (const m of table.pspp?.means ?? []) lines.push(`FORMATS ${m.variable} (F24.14).`);
lines.push(`WEIGHT BY ${spec.weight}.`, 'SET TNUMBERS=VALUES TVARS=NAMES.');
for (const table of spec.tables) {
  for (const m of table.pspp?.means ?? []) {
    lines.push(`ECHO '@table ${table.id}/${m.item}'.`, `MEANS TABLES=${m.variable} BY ${m.by} /CELLS=MEAN COUNT STDDEV SUM.`);
  }
  for (const c of table.pspp?.crosstabs ?? []) {
    lines.push(`ECHO '@table ${table.id}${c.item ? `/${c.item}` : ''}'.`, `CROSSTABS /TABLES=${c.variable} BY ${c.by} /CELLS=COUNT ROW COLUMN.`);
  }
}
console.log(lines.join('\n'));
