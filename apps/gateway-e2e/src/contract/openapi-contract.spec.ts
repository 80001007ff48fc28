import { OpenApiContract } from './openapi-contract';

/** A small document with what the contract checker must understand: refs, nullable members, problems, streams. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': { $ref: '#/components/responses/Problem' },
          default: { $ref: '#/components/responses/Problem' },
        },
      },
    },
    '/things/special': {
      get: { operationId: 'getSpecialThing', responses: { '204': { description: 'nothing' } } },
    },
    '/stream': {
      post: {
        operationId: 'stream',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } } } },
        responses: {
          '200': {
            description: 'items',
            content: {
              'application/x-ndjson': { schema: { $ref: '#/components/schemas/Thing' } },
              'application/json-seq': { schema: { $ref: '#/components/schemas/Thing' } },
              'text/csv': { schema: { type: 'string' } },
            },
          },
        },
      },
    },
  },
  components: {
    responses: { Problem: { description: 'problem', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } } },
    schemas: {
      Thing: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          parent: { anyOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'null' }] },
          example: { type: 'string', example: 'x' },
        },
        required: ['id', 'parent'],
      },
      Problem: { type: 'object', properties: { status: { type: 'integer' } }, required: ['status'] },
    },
  },
};

const THING = { id: '00000000-0000-0000-0000-000000000000', parent: null };
const json = (status: number, body: unknown, type = 'application/json; charset=utf-8') => ({
  status,
  headers: { 'content-type': type },
  text: JSON.stringify(body),
});

describe('OpenApiContract', () => {
  it('accepts responses that match the document, and records what it saw', () => {
    const contract = new OpenApiContract(DOCUMENT);
    expect(contract.check('get', '/things/00000000-0000-0000-0000-000000000000', json(200, { ...THING, parent: THING }))).toEqual([]);
    expect(contract.check('get', '/things/x', json(404, { status: 404 }, 'application/problem+json'))).toEqual([]);
    expect(contract.check('get', '/things/special', { status: 204, headers: {}, text: '' })).toEqual([]);
    expect(
      contract.check('post', '/stream', {
        status: 200,
        headers: { 'content-type': 'application/x-ndjson' },
        text: `${JSON.stringify(THING)}\n${JSON.stringify(THING)}\n`,
      }),
    ).toEqual([]);
    expect(
      contract.check('post', '/stream', { status: 200, headers: { 'content-type': 'application/json-seq' }, text: `\u001e${JSON.stringify(THING)}\n` }),
    ).toEqual([]);
    expect(contract.check('post', '/stream', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, text: 'a,b\r\n1,2\r\n' })).toEqual([]);
    expect([...contract.seen.entries()].map(([id, statuses]) => [id, [...statuses]])).toEqual([
      ['getThing', [200, 404]],
      ['getSpecialThing', [204]],
      ['stream', [200]],
    ]);
  });

  it.each([
    ['an undocumented status (default does not count)', json(500, { status: 500 }, 'application/problem+json'), /does not list status 500/],
    ['an undocumented content type', json(404, { status: 404 }), /content type application\/json is not one of the documented application\/problem\+json/],
    ['a missing member', json(200, { id: THING.id }), /must have required property 'parent'/],
    ['an undocumented member', json(200, { ...THING, colour: 'red' }), /must NOT have unevaluated properties/],
    ['an undocumented member in a nested reference', json(200, { ...THING, parent: { ...THING, colour: 'red' } }), /body\/parent/],
    ['a wrong format', json(200, { ...THING, id: 'not-a-uuid' }), /must match format "uuid"/],
    ['a body that is not JSON', { status: 200, headers: { 'content-type': 'application/json' }, text: '{' }, /does not parse/],
  ])('reports %s', (_what, response, message) => {
    const problems = new OpenApiContract(DOCUMENT).check('get', '/things/00000000-0000-0000-0000-000000000000', response);
    expect(problems).toEqual([expect.stringMatching(message)]);
  });

  it('checks every element of a stream, and a body where the document says there is none', () => {
    const contract = new OpenApiContract(DOCUMENT);
    const stream = contract.check('post', '/stream', {
      status: 200,
      headers: { 'content-type': 'application/x-ndjson' },
      text: `${JSON.stringify(THING)}\n{"id":1}\n`,
    });
    expect(stream).toEqual([expect.stringMatching(/\(element 1\)/)]);
    const seq = contract.check('post', '/stream', { status: 200, headers: { 'content-type': 'application/json-seq' }, text: `\u001e${JSON.stringify(THING)}` });
    expect(seq).toEqual([expect.stringMatching(/does not end with LF/)]);
    expect(contract.check('get', '/things/special', { status: 204, headers: {}, text: 'x' })).toEqual([expect.stringMatching(/says no body/)]);
    expect(contract.check('post', '/stream', { status: 200, headers: { 'content-type': 'text/csv' }, text: '' })).toEqual([
      expect.stringMatching(/text\/csv body is empty/),
    ]);
  });

  it('checks request bodies sent as valid against the request schema, and finds the operation of a URL', () => {
    const contract = new OpenApiContract(DOCUMENT);
    expect(contract.checkRequest('post', '/stream', { n: 1 })).toEqual([]);
    expect(contract.checkRequest('post', '/stream', { n: 'one' })).toEqual([expect.stringMatching(/stream request body: body\/n must be integer/)]);
    expect(contract.operation('get', '/things/special?x=1').id).toBe('getSpecialThing');
    expect(() => contract.operation('delete', '/things/1')).toThrow(/no operation for DELETE/);
  });
});
