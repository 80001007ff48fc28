import { SingleBar } from 'cli-progress';

/** Progress of one piece of long work: a bar on a terminal, a few plain lines otherwise. */
export interface Progress {
  /** Starts (or restarts, for a new phase) with a label and a total. */
  start(label: string, total: number): void;
  update(value: number): void;
  /** Ends the bar (idempotent); a final line is the caller's to print. */
  stop(): void;
}

/** Bars drawing right now: a message printed meanwhile (Ctrl-C) would be overdrawn, so it stops them first. */
const activeBars = new Set<SingleBar>();

/** Stops every bar drawing, so the next line printed stands on its own. */
export function stopActiveProgress(): void {
  for (const bar of activeBars) bar.stop();
  activeBars.clear();
}

/**
 * A progress reporter on stderr. On a terminal: a cli-progress bar. Not on a terminal (CI, a pipe,
 * a log file): one line at the start of each phase and at every further tenth of it, so a log shows
 * the work moving without a line per step.
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY) {
    const bar = new SingleBar({
      format: '{label} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}',
      stream,
      hideCursor: true,
      clearOnComplete: false,
    });
    let running = false;
    return {
      start(label, total) {
        if (running) bar.stop();
        bar.start(total, 0, { label });
        activeBars.add(bar);
        running = true;
      },
      update(value) {
        if (running && activeBars.has(bar)) bar.update(value);
      },
      stop() {
        if (running && activeBars.delete(bar)) bar.stop();
        running = false;
      },
    };
  }
  let label = '';
  let total = 0;
  let nextTenth = 1;
  let started = 0;
  return {
    start(newLabel, newTotal) {
      label = newLabel;
      total = newTotal;
      nextTenth = 1;
      started = Date.now();
      stream.write(`${label}: 0/${total}\n`);
    },
    update(value) {
      if (total <= 0) return;
      const tenth = Math.floor((value * 10) / total);
      if (tenth < nextTenth) return;
      nextTenth = tenth + 1;
      stream.write(`${label}: ${value}/${total} (${Math.floor((value * 100) / total)}%, ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    },
    stop() {
      total = 0;
    },
  };
}
