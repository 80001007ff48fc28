import http from 'node:http';
import { bandStarts } from '@aas/crosstab-engine-domain';
import { Stack } from '../support/stack';

/**
 * A streamed crosstab large enough that its one job reports its rows in bands (one worker, the
 * default CROSSTAB_CHUNK_CELLS): the stream must be exactly what the same rows give in crosstabs
 * too small for bands, and the worker must have reported them.
 */

interface Cell {
  row_index: number;
  column_index: number;
  row: { id: string };
  column: { id: string };
}

const AUDIENCES = [
  { question: 'age_group', datapoints: ['16_24'] },
  { question: 'gender', datapoints: ['female'] },
  { question: 'social_platform_usage', datapoints: ['tiktok', 'instagram'] },
  { question: 'income_group', datapoints: ['high'], not: true },
  {
    and: [
      { question: 'gender', datapoints: ['male'] },
      { question: 'age_group', datapoints: ['25_34', '35_44'] },
    ],
  },
  { question: 'social_platform_usage', datapoints: ['tiktok', 'instagram', 'facebook', 'youtube'], min_count: 2 },
  { question: 'parent_status', datapoints: ['parent'] },
];
const ROWS = Array.from({ length: 50 }, (_, i) => ({ id: `r${i}`, expression: AUDIENCES[i % AUDIENCES.length] }));
const COLUMNS = Array.from({ length: 60 }, (_, j) => ({ id: `c${j}`, expression: AUDIENCES[(j * 3) % AUDIENCES.length] }));
const WAVES = ['q1_2026', 'q2_2026', 'q3_2026'];

describe('a crosstab streamed in row bands', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'bands', jobMode: 'queue', workers: 1, seed: true });
    token = await stack.token('demo', 1);
  });
  afterAll(() => stack?.stop());

  /**
   * The stream's text. With `pauseMs`, the client reads nothing for that long once the response
   * has started (a slow client): the kernel's socket buffers fill, and the gateway has to keep the
   * rest of what it writes queued in its own memory meanwhile.
   */
  async function streamText(rows: typeof ROWS, columns: typeof COLUMNS, pauseMs = 0): Promise<string> {
    const body = JSON.stringify({ rows, columns, waves: WAVES });
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${stack.baseUrl}/v2/query/crosstab`,
        { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const pieces: Buffer[] = [];
          res.on('data', (piece: Buffer) => pieces.push(piece));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(pieces).toString('utf8') }));
          res.on('error', reject);
          if (pauseMs > 0) {
            res.pause();
            setTimeout(() => res.resume(), pauseMs);
          }
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect([status, text.slice(0, 300)]).toEqual([200, expect.any(String)]);
    return text;
  }

  async function crosstab(rows: typeof ROWS): Promise<Map<string, Cell>> {
    const text = await streamText(rows, COLUMNS);
    const cells = new Map<string, Cell>();
    for (const line of text.split('\n').filter(Boolean)) {
      const cell = JSON.parse(line) as Cell;
      const key = `${cell.row.id}/${cell.column.id}`;
      expect(cells.has(key)).toBe(false);
      cells.set(key, cell);
    }
    return cells;
  }

  it('gives every cell exactly as crosstabs too small for bands give it, and the worker reported the bands', async () => {
    expect(bandStarts(ROWS.length, COLUMNS.length)).toHaveLength(4);
    const banded = await crosstab(ROWS);
    expect(banded.size).toBe(ROWS.length * COLUMNS.length);
    // The same rows ten at a time: 600 cells per crosstab, no bands.
    expect(bandStarts(10, COLUMNS.length)).toEqual([]);
    for (let from = 0; from < ROWS.length; from += 10) {
      const part = await crosstab(ROWS.slice(from, from + 10));
      for (const [key, cell] of part) {
        // Positions are within each request; everything else is the same to the last digit.
        expect(banded.get(key)).toEqual({ ...cell, row_index: cell.row_index + from });
      }
    }
    const runs = stack.workers[0].logs.split('\n').filter((line) => line.includes('"msg":"job run"') && line.includes('"job":"engine.compute"'));
    expect(runs.some((line) => line.includes('"reports":5'))).toBe(true);
  });

  it('gives each of several streams at once, one read slowly, exactly the cells it gives alone', async () => {
    // The gateway writes streams into buffers it uses again once the socket has taken them: a
    // buffer handed back too early would show here as another stream's bytes in the middle of a
    // cell. Ids and names of the longest kind make each stream ~6 MB, more than the kernel's socket
    // buffers hold for a client that reads nothing, so the slow one's bytes queue in the gateway.
    const long = <T extends { id: string }>(audiences: T[]) => audiences.map((a) => ({ ...a, id: a.id.padEnd(255, '.'), name: 'n'.repeat(255) }));
    const rows = long(ROWS);
    const columns = long(COLUMNS);
    const lines = (text: string) => text.split('\n').filter(Boolean).sort();
    const alone = lines(await streamText(rows, columns));
    expect(alone).toHaveLength(ROWS.length * COLUMNS.length);
    expect(alone.join('\n').length).toBeGreaterThan(6_000_000);
    const together = await Promise.all([
      streamText(rows, columns, 1000),
      streamText(rows, columns),
      streamText(rows.slice(0, 20), columns),
      streamText(rows, columns),
    ]);
    expect(lines(together[0])).toEqual(alone);
    expect(lines(together[1])).toEqual(alone);
    expect(lines(together[3])).toEqual(alone);
    const part = lines(together[2]);
    expect(part).toHaveLength(20 * COLUMNS.length);
    const all = new Set(alone);
    expect(part.filter((line) => !all.has(line))).toEqual([]);
  });
});
