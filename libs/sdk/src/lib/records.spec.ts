import { readRecordBatches, RecordSplitter, recordFormatOf } from './records';

const bytes = (text: string) => new TextEncoder().encode(text);

function streamOf(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? bytes(piece) : piece);
      controller.close();
    },
  });
}

async function batchesOf(stream: ReadableStream<Uint8Array>, format: 'ndjson' | 'json-seq'): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const batch of readRecordBatches(stream, format)) out.push(batch);
  return out;
}

describe('RecordSplitter', () => {
  it('answers NDJSON records once their line is complete, across pieces', () => {
    const splitter = new RecordSplitter('ndjson');
    expect(splitter.push('{"a":1}\n{"a"')).toEqual([{ a: 1 }]);
    expect(splitter.push(':2}\n\n{"a":3}')).toEqual([{ a: 2 }]);
    expect(splitter.end()).toEqual([{ a: 3 }]);
  });

  it('keeps a multi-byte character split between two pieces whole', () => {
    const encoded = bytes('{"name":"Öster"}\n');
    const cut = encoded.indexOf(0xc3) + 1; // inside the two bytes of Ö
    const splitter = new RecordSplitter('ndjson');
    expect(splitter.push(encoded.slice(0, cut))).toEqual([]);
    expect(splitter.push(encoded.slice(cut))).toEqual([{ name: 'Öster' }]);
  });

  it('answers a json-seq record once its LF has come, and one split anywhere once whole', () => {
    const splitter = new RecordSplitter('json-seq');
    expect(splitter.push('\u001e{"a":1}\n')).toEqual([{ a: 1 }]);
    expect(splitter.push('\u001e{"a":')).toEqual([]);
    expect(splitter.push('2}\n\u001e{"a":3}')).toEqual([{ a: 2 }]);
    expect(splitter.end()).toEqual([{ a: 3 }]);
  });

  it('says which record is not JSON', () => {
    expect(() => new RecordSplitter('ndjson').push('{"a":1}\nnot json\n')).toThrow(/not JSON: not json/);
  });

  it('reads the format from the content type', () => {
    expect(recordFormatOf('application/json-seq')).toBe('json-seq');
    expect(recordFormatOf('application/x-ndjson; charset=utf-8')).toBe('ndjson');
    expect(recordFormatOf(null)).toBe('ndjson');
  });
});

describe('readRecordBatches', () => {
  it('yields one batch per piece with the records that piece completed', async () => {
    const stream = streamOf(['{"i":1}\n{"i":2}\n{"i"', ':3}\n', '{"i":4}']);
    expect(await batchesOf(stream, 'ndjson')).toEqual([[{ i: 1 }, { i: 2 }], [{ i: 3 }], [{ i: 4 }]]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytes('{"i":1}\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const batch of readRecordBatches(stream, 'ndjson')) {
      expect(batch).toEqual([{ i: 1 }]);
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('readRecordBatches with a bound', () => {
  it('splits the records of one large piece into arrays of at most maxBatch', async () => {
    const piece = Array.from({ length: 7 }, (_, i) => `{"i":${i}}\n`).join('');
    const batches: unknown[][] = [];
    for await (const batch of readRecordBatches(streamOf([piece]), 'ndjson', 3)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
  });
});
