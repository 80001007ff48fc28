import fc from 'fast-check';
import { decodePartition, encodePartition, partitionFormatVersion, partitionInvariantViolations, popcount, weightedCount } from './partition-codec';
import type { PartitionContent } from './partition-codec';
import type { WeightClass } from './partition.types';
import { attributeDictionaryFromList } from './attribute-dictionary';
import { toRespondentRecords } from './respondent-records';

/** A random partition: classes of random sizes (0..n) and weights, attributes of random density. */
const partitionArb = fc
  .record({
    classSizes: fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 0, maxLength: 6 }),
    weights: fc.array(fc.double({ min: 0.001, max: 1e7, noNaN: true }), { minLength: 6, maxLength: 6 }),
    attributes: fc.array(fc.record({ id: fc.integer({ min: 0, max: 5000 }), density: fc.constantFrom(0, 0.001, 0.02, 0.3, 0.9, 1), seed: fc.integer() }), {
      maxLength: 12,
    }),
    asked: fc.array(fc.record({ code: fc.string({ minLength: 1, maxLength: 12 }), density: fc.constantFrom(0, 0.01, 0.5, 1), seed: fc.integer() }), {
      maxLength: 4,
    }),
    firstId: fc.integer({ min: 1, max: 2_000_000 }),
    compress: fc.boolean(),
  })
  .map(({ classSizes, weights, attributes, asked, firstId, compress }) => {
    const weightClasses: WeightClass[] = [];
    let bit = 0;
    classSizes.forEach((count, i) => {
      weightClasses.push({ weight: weights[i], startBit: bit, count });
      bit = Math.ceil((bit + count) / 64) * 64;
    });
    const wordCount = bit / 32;
    const randomBits = (density: number, seed: number): Uint32Array => {
      const words = new Uint32Array(wordCount);
      let s = seed | 0;
      for (const c of weightClasses)
        for (let j = 0; j < c.count; j++) {
          s = (Math.imul(s, 1103515245) + 12345) | 0;
          if ((s >>> 8) / 16777216 < density) words[(c.startBit + j) >>> 5] |= 1 << ((c.startBit + j) & 31);
        }
      return words;
    };
    const map = new Map<number, Uint32Array>();
    for (const a of attributes) map.set(a.id, randomBits(a.density, a.seed));
    const askedMap = new Map<string, Uint32Array>();
    for (const a of asked) if (Buffer.byteLength(a.code) <= 255) askedMap.set(a.code, randomBits(a.density, a.seed));
    const content: PartitionContent = {
      key: { dataset: 'core', wave: 'q1_2026', location: 'gb' },
      dictionaryHash: 0xdeadbeef,
      firstRespondentId: firstId,
      respondentCount: classSizes.reduce((s, n) => s + n, 0),
      bitLength: bit,
      weightClasses,
      attributes: map,
      ...(askedMap.size > 0 ? { asked: askedMap } : {}),
    };
    return { content, compress };
  });

describe('partition codec', () => {
  it('round-trips random partitions exactly (sizes 0 and 1 included, dense and sparse, with and without deflate)', () => {
    fc.assert(
      fc.property(partitionArb, ({ content, compress }) => {
        const decoded = decodePartition(encodePartition(content, { compress }));
        expect(decoded.key).toEqual(content.key);
        expect(decoded.dictionaryHash).toBe(content.dictionaryHash);
        expect(decoded.firstRespondentId).toBe(content.firstRespondentId);
        expect(decoded.respondentCount).toBe(content.respondentCount);
        expect(decoded.bitLength).toBe(content.bitLength);
        expect(decoded.wordCount * 32).toBe(content.bitLength);
        expect(decoded.weightClasses).toEqual(content.weightClasses);
        expect([...decoded.attributes.keys()].sort((a, b) => a - b)).toEqual([...content.attributes.keys()].sort((a, b) => a - b));
        for (const [id, words] of content.attributes) expect(decoded.attributes.get(id)).toEqual(words);
        expect([...(decoded.asked?.keys() ?? [])].sort()).toEqual([...(content.asked?.keys() ?? [])].sort());
        for (const [code, words] of content.asked ?? []) expect(decoded.asked?.get(code)).toEqual(words);
        expect(partitionFormatVersion(encodePartition(content))).toBe(content.asked === undefined ? 1 : 2);
        expect(partitionInvariantViolations(decoded)).toEqual([]);
        expect(popcount(decoded.universe)).toBe(content.respondentCount);
        let weightSum = 0;
        for (const w of decoded.weights) weightSum += w;
        const expected = content.weightClasses.reduce((s, c) => s + c.weight * c.count, 0);
        expect(Math.abs(weightSum - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));
        // Re-encoding the decoded form gives the same bytes.
        expect(encodePartition(decoded, { compress }).equals(encodePartition(content, { compress }))).toBe(true);
      }),
      { seed: 20260917, numRuns: 150 },
    );
  });

  it('picks the smaller encoding: a sparse attribute costs far less than a dense one', () => {
    const make = (density: number) => {
      const count = 64 * 200;
      const words = new Uint32Array(count / 32);
      for (let b = 0; b < count; b++) if ((b * 2654435761) % 1000 < density * 1000) words[b >>> 5] |= 1 << (b & 31);
      return encodePartition({
        key: { dataset: 'd', wave: 'w', location: 'l' },
        dictionaryHash: 1,
        firstRespondentId: 1,
        respondentCount: count,
        bitLength: count,
        weightClasses: [{ weight: 2, startBit: 0, count }],
        attributes: new Map([[7, words]]),
      });
    };
    const dense = make(0.5).length;
    const sparse = make(0.005).length;
    expect(dense).toBeGreaterThan((64 * 200) / 8);
    expect(sparse).toBeLessThan(dense / 5);
  });

  it('computes weighted counts per class with popcounts', () => {
    const words = new Uint32Array(4);
    words[0] = 0b1011; // 3 respondents of class 0
    words[2] = 0b1; // 1 respondent of class 1
    const p = {
      weightClasses: [
        { weight: 10, startBit: 0, count: 5 },
        { weight: 2.5, startBit: 64, count: 3 },
      ],
    };
    expect(weightedCount(p, words)).toBe(32.5);
  });

  it('reports broken invariants and rejects foreign or unaligned input', () => {
    const words = new Uint32Array(2);
    words[1] = 1; // bit 32: padding, since the class holds 3 respondents
    expect(
      partitionInvariantViolations({
        respondentCount: 3,
        bitLength: 64,
        weightClasses: [{ weight: 1, startBit: 0, count: 3 }],
        attributes: new Map([[0, words]]),
      }),
    ).toEqual(['attribute 0 has bits set in padding (word 1)']);
    expect(() => decodePartition(Buffer.from('not a partition blob at all, really not'))).toThrow(/bad magic/);
    expect(() =>
      encodePartition({
        key: { dataset: 'd', wave: 'w', location: 'l' },
        dictionaryHash: 1,
        firstRespondentId: 1,
        respondentCount: 1,
        bitLength: 96,
        weightClasses: [{ weight: 1, startBit: 0, count: 1 }],
        attributes: new Map(),
      }),
    ).toThrow(/multiple of 64/);
  });

  describe('asked section', () => {
    const bits = (list: number[], wordCount: number): Uint32Array => {
      const w = new Uint32Array(wordCount);
      for (const b of list) w[b >>> 5] |= 1 << (b & 31);
      return w;
    };
    const content = (asked?: Map<string, Uint32Array>): PartitionContent => ({
      key: { dataset: 'core', wave: 'q1_2026', location: 'gb' },
      dictionaryHash: 0x01020304,
      firstRespondentId: 7,
      respondentCount: 5,
      bitLength: 128,
      weightClasses: [
        { weight: 1.5, startBit: 0, count: 3 },
        { weight: 2.25, startBit: 64, count: 2 },
      ],
      attributes: new Map([
        [0, bits([0, 2, 64], 4)],
        [3, bits([1, 65], 4)],
      ]),
      ...(asked ? { asked } : {}),
    });
    // Written by the codec before the asked section existed (format 1), kept byte for byte.
    const FORMAT_1_BLOB =
      '414153500100000004030201070000000500000080000000020000000200000004636f72650771315f32303236026762000000000000f83f0000000003000000000000000000024040000000020000000000000001040000000300023e030000000103000000020140';

    it('reads a blob written before the section existed, and writes the same bytes for a partition without asked entries', () => {
      const old = Buffer.from(FORMAT_1_BLOB, 'hex');
      const decoded = decodePartition(old);
      expect(decoded.asked).toEqual(new Map());
      expect(decoded.attributes.get(0)).toEqual(bits([0, 2, 64], 4));
      expect(encodePartition(content()).toString('hex')).toBe(FORMAT_1_BLOB);
      expect(encodePartition(content(new Map())).toString('hex')).toBe(FORMAT_1_BLOB);
    });

    it('keeps who was asked per question: everyone as the universe, others sparse or dense, padding refused by the invariants', () => {
      const universe = bits([0, 1, 2, 64, 65], 4);
      const asked = new Map([
        ['q_all', universe.slice()],
        ['q_some', bits([0, 1, 64], 4)],
      ]);
      const blob = encodePartition(content(asked));
      expect(partitionFormatVersion(blob)).toBe(2);
      const decoded = decodePartition(blob);
      expect(decoded.asked?.get('q_all')).toBe(decoded.universe);
      expect(decoded.asked?.get('q_some')).toEqual(bits([0, 1, 64], 4));
      expect(decoded.attributes.get(3)).toEqual(bits([1, 65], 4));
      expect(encodePartition(decoded).equals(blob)).toBe(true);
      // An entry of everyone costs its code and 6 bytes.
      expect(blob.length - Buffer.from(FORMAT_1_BLOB, 'hex').length).toBe(4 + (1 + 5 + 5) + (1 + 6 + 5 + 1 + 3));
      expect(partitionInvariantViolations({ ...content(new Map([['q', bits([3], 4)]])) })).toEqual(['asked q has bits set in padding (word 0)']);
      expect(() => encodePartition(content(new Map([['q', new Uint32Array(2)]])))).toThrow(/asked q: 2 words, expected 4/);
    });

    it('lists the questions each respondent was asked in the plain records', () => {
      const dictionary = attributeDictionaryFromList('core', [
        { question: 'q_some', datapoint: 'yes', suffix: null },
        { question: 'q_all', datapoint: 'a', suffix: null },
        { question: 'q_all', datapoint: 'b', suffix: null },
        { question: 'q_all', datapoint: 'c', suffix: null },
      ]);
      const decoded = decodePartition(
        encodePartition({
          ...content(
            new Map([
              ['q_all', bits([0, 1, 2, 64, 65], 4)],
              ['q_some', bits([0, 64], 4)],
            ]),
          ),
          dictionaryHash: dictionary.hash,
        }),
      );
      const records = toRespondentRecords(decoded, dictionary);
      expect(records.map((r) => [r.id, r.asked ?? []])).toEqual([
        [7, ['q_all', 'q_some']],
        [8, ['q_all']],
        [9, ['q_all']],
        [10, ['q_all', 'q_some']],
        [11, ['q_all']],
      ]);
      expect(records[0].answers).toEqual([{ question: 'q_some', datapoint: 'yes' }]);
    });
  });
});
