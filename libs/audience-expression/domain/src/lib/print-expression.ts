import {
  ChartExpression,
  ChartWire,
  CrosstabExpression,
  CrosstabWire,
  Expression,
  formMembers,
  StandardExpression,
  StandardWire,
  WireForm,
} from './expression';

type WireObject = Record<string, unknown>;

/**
 * Writes an expression in a wire form, exactly as the AST holds it: members absent in the AST
 * are absent in the output, and suffix items keep their type. Use the typed printers, or
 * convert first (`toStandardForm`, `toCrosstabForm`), so that suffix types suit the form.
 */
export function printExpression(expression: Expression, form: WireForm): WireObject {
  const members = formMembers(form);
  const print = (node: Expression): WireObject => {
    const out: WireObject = {};
    if (node.kind === 'and' || node.kind === 'or') {
      out[node.kind] = node.children.map(print);
    } else if (node.kind === 'leaf') {
      out[members.question] = node.question;
      if (node.datapoints !== undefined) out[members.datapoints] = [...node.datapoints];
      if (node.suffixes !== undefined) out['suffixes'] = [...node.suffixes];
      if (node.minCount !== undefined) out['min_count'] = node.minCount;
      if (node.asked === true) out['asked'] = true;
    }
    if (node.not !== undefined) out['not'] = node.not;
    return out;
  };
  return print(expression);
}

/** Writes the standard form (`question`, `datapoints`, string suffixes). */
export function printStandardExpression(expression: StandardExpression): StandardWire {
  return printExpression(expression, 'standard') as StandardWire;
}

/** Writes the chart form; suffix items keep the type they were parsed with. */
export function printChartExpression(expression: ChartExpression): ChartWire {
  return printExpression(expression, 'chart') as ChartWire;
}

/** Writes the saved-crosstab form (`qustion`, `options`, integer suffixes). */
export function printCrosstabExpression(expression: CrosstabExpression): CrosstabWire {
  return printExpression(expression, 'crosstab') as CrosstabWire;
}
