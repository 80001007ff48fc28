import request from 'supertest';
import { Stack } from '../support/stack';

describe('catalogue endpoints', () => {
  let stack: Stack;
  let demo: string;
  let acme: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'catalogue', jobMode: 'inline', seed: true });
    demo = `Bearer ${await stack.token('demo', 1)}`;
    acme = `Bearer ${await stack.token('acme-retail', 2)}`;
  });
  afterAll(() => stack?.stop());

  const get = (path: string, auth = demo) => request(stack.baseUrl).get(path).set('Authorization', auth);
  const post = (path: string, body: object, auth = demo) => request(stack.baseUrl).post(path).set('Authorization', auth).send(body);

  describe('GET /v2/questions/{namespace}.{code}', () => {
    it('answers the question with datapoints, categories and taxonomy paths on request', async () => {
      const res = await get('/v2/questions/core.gender?include=datapoints,categories,taxonomy_paths');
      expect(res.status).toBe(200);
      const q = res.body.question;
      expect(q).toMatchObject({ code: 'gender', namespace_code: 'core', name: 'Gender', accessible: true, attribute_count: 2 });
      expect(q.datapoints.map((d: { code: string }) => d.code)).toEqual(['male', 'female']);
      expect(q.datapoints[0]).toEqual({ code: 'male', name: 'Male', accessible: true, midpoint: null, order: { value: 1 } });
      expect(q.categories.length).toBeGreaterThan(0);
      const path = q.taxonomy_paths[0];
      expect(path.dataset.code).toBe('core');
      expect(path.categories_lineage[0].name).toBe('Demographics');
    });

    it('leaves out what was not asked for', async () => {
      const res = await get('/v2/questions/core.gender');
      expect(res.status).toBe(200);
      expect(res.body.question.datapoints).toBeUndefined();
      expect(res.body.question.categories).toBeUndefined();
    });

    it('gives grid questions their suffixes and numeric ranges their midpoints', async () => {
      const all = await post('/v2/questions/filter', { include: { datapoints: true } });
      const grid = all.body.questions.find((q: { suffixes: unknown[] }) => q.suffixes.length > 0);
      expect(grid.attribute_count).toBe(grid.datapoints.length * grid.suffixes.length);
      expect(grid.suffixes[0].code).toBe('1');
      const numeric = all.body.questions.find((q: { datapoints: { midpoint: unknown }[] }) => q.datapoints.some((d) => d.midpoint !== null));
      expect(typeof numeric.datapoints.find((d: { midpoint: unknown }) => d.midpoint !== null).midpoint.value).toBe('number');
    });

    it('marks questions of an unlicensed dataset as not accessible', async () => {
      const forDemo = await get('/v2/questions/gaming.gaming_platforms_used?include=datapoints');
      const forAcme = await get('/v2/questions/gaming.gaming_platforms_used?include=datapoints', acme);
      expect(forDemo.body.question.accessible).toBe(true);
      expect(forAcme.status).toBe(200);
      expect(forAcme.body.question.accessible).toBe(false);
      expect(forAcme.body.question.datapoints.every((d: { accessible: boolean }) => d.accessible === false)).toBe(true);
    });

    it.each([
      ['/v2/questions/core.nothing_like_this', 404],
      ['/v2/questions/gaming.gender', 404],
      ['/v2/questions/gender', 400],
      ['/v2/questions/core.gender.extra', 400],
    ])('%s answers %i', async (path, status) => {
      const res = await get(path);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('names an unknown include value', async () => {
      const res = await get('/v2/questions/core.gender?include=datapoints,colours');
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain('colours');
      expect(res.body.errors[0].path).toBe('/include');
    });
  });

  describe('POST /v3/questions/filter and /v2/questions/filter', () => {
    it('v3 returns the named questions with the includes asked for', async () => {
      const res = await post('/v3/questions/filter', {
        include: { categories: true, datapoints: true, taxonomy_paths: true },
        questions: [
          { namespace_code: 'core', question: 'age_group' },
          { namespace_code: 'core', question: 'gender' },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.questions.map((q: { code: string }) => q.code)).toEqual(['age_group', 'gender']);
      expect(res.body.questions[0].datapoints.map((d: { code: string }) => d.code)).toContain('16_24');
      expect(res.body.questions[0].taxonomy_paths.length).toBeGreaterThan(0);
    });

    it('v2 returns datasets on request', async () => {
      const res = await post('/v2/questions/filter', { include: { datasets: true }, questions: [{ code: 'gender', namespace_code: 'core' }] });
      expect(res.status).toBe(200);
      expect(res.body.questions[0].datasets.map((d: { code: string }) => d.code)).toContain('core');
    });

    it('answers 404 naming unknown questions, and 400 for unknown members', async () => {
      const missing = await post('/v3/questions/filter', { questions: [{ namespace_code: 'core', question: 'nope' }] });
      expect(missing.status).toBe(404);
      expect(missing.body.errors).toEqual([{ path: '/questions/0', message: "unknown question 'core.nope'" }]);
      const unknown = await post('/v3/questions/filter', { include: { datapoints: true, colours: true } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.map((e: { path: string }) => e.path)).toContain('/include/colours');
    });
  });

  describe('GET /v2/categories/{id}', () => {
    it('answers children, lineage, attribute count, datasets and descendant attributes', async () => {
      const root = await get('/v2/categories/1?include=children&include=attribute_count,datasets');
      expect(root.status).toBe(200);
      const category = root.body.category;
      expect(category).toMatchObject({ id: '1', name: 'Demographics' });
      expect(category.child_categories.length).toBeGreaterThan(0);
      expect(category.datasets[0].code).toBe('core');
      expect(category.attribute_count).toBeGreaterThan(10);

      const childId = category.child_categories[0].id;
      const child = await get(`/v2/categories/${childId}?include=lineage,descendant_attributes,children`);
      expect(child.body.category.lineage.map((c: { id: string }) => c.id)).toEqual(['1']);
      const attributes = child.body.category.descendant_attributes;
      expect(attributes.length).toBeGreaterThan(0);
      expect(Object.keys(attributes[0]).sort()).toEqual(
        ['datapoint_code', 'datapoint_name', 'namespace_code', 'question_code', 'question_name', 'suffix_code', 'suffix_name'].sort(),
      );
      const questionsHere = child.body.category.child_questions.map((q: { code: string }) => q.code);
      expect(questionsHere.length).toBeGreaterThan(0);
      expect(new Set(attributes.map((a: { question_code: string }) => a.question_code))).toEqual(new Set(questionsHere));
    });

    it.each([
      ['/v2/categories/99999', 404],
      ['/v2/categories/abc', 400],
      ['/v2/categories/-1', 400],
      ['/v2/categories/1?include=grandchildren', 400],
    ])('%s answers %i', async (path, status) => {
      expect((await get(path)).status).toBe(status);
    });
  });

  describe('datasets, locations and waves', () => {
    it('tell each organisation what it may use', async () => {
      const [demoWaves, acmeWaves] = await Promise.all([get('/v2/waves'), get('/v2/waves', acme)]);
      expect(demoWaves.body.waves).toHaveLength(8);
      expect(demoWaves.body.waves.every((w: { accessible: boolean }) => w.accessible)).toBe(true);
      const acmeAccessible = acmeWaves.body.waves.filter((w: { accessible: boolean }) => w.accessible).map((w: { code: string }) => w.code);
      expect(acmeAccessible).toEqual(['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
      expect(demoWaves.body.waves.map((w: { end_date: string }) => w.end_date)).toEqual(
        [...demoWaves.body.waves.map((w: { end_date: string }) => w.end_date)].sort(),
      );

      const acmeLocations = (await get('/v2/locations', acme)).body.locations;
      expect(
        acmeLocations
          .filter((l: { accessible: boolean }) => l.accessible)
          .map((l: { code: string }) => l.code)
          .sort(),
      ).toEqual(['de', 'fr', 'gb', 'us']);
      const acmeDatasets = (await get('/v2/datasets', acme)).body.datasets;
      expect(Object.fromEntries(acmeDatasets.map((d: { code: string; accessible: boolean }) => [d.code, d.accessible]))).toEqual({ core: true, gaming: false });
    });
  });

  describe('GET /v2/questions/search', () => {
    it('finds questions by words in names, descriptions and datapoints, paged', async () => {
      const res = await get('/v2/questions/search?q=tiktok&limit=2');
      expect(res.status).toBe(200);
      expect(res.body.total).toBeGreaterThan(2);
      expect(res.body.questions).toHaveLength(2);
      const page2 = await get(`/v2/questions/search?q=tiktok&limit=2&offset=2`);
      const codes = [...res.body.questions, ...page2.body.questions].map((q: { code: string }) => q.code);
      expect(new Set(codes).size).toBe(codes.length);
      const past = await get(`/v2/questions/search?q=tiktok&offset=${res.body.total}`);
      expect(past.body.questions).toEqual([]);
    });

    it.each(['', 'q=x&limit=0', 'q=x&limit=101', 'q=x&offset=-1', 'q=x&colour=red'])('rejects ?%s with 400', async (qs) => {
      expect((await get(`/v2/questions/search?${qs}`)).status).toBe(400);
    });
  });
});
