import { ComputedCell, WrittenInsight } from './assistant.types';

/** The metrics an insight records of the cell it was written from (its flags as the engine set them, its trend test if any). */
export function cellMetrics(cell: ComputedCell): WrittenInsight['metrics'] {
  return {
    audience_percentage: cell.audiencePercentage,
    base_percentage: cell.basePercentage,
    index: cell.index,
    audience_sample: cell.audienceSample,
    audience_size: cell.audienceSize,
    positive_sample: cell.intersectSample,
    positive_size: cell.intersectSize,
    base_sample: cell.baseSample,
    base_size: cell.baseSize,
    low_base: cell.lowBase,
    unreliable: cell.unreliable,
    ...(cell.trend ? { trend: { ...cell.trend } } : {}),
  };
}
