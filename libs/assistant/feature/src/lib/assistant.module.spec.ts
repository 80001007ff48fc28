import { parseFailure } from './assistant.module';

describe('parseFailure (a body the JSON parser refused on the MCP path)', () => {
  it.each(['"tools/call"', '42', 'null', 'true', ' "x" '])('valid JSON that is not an object (%s) is -32600 Invalid Request', (raw) => {
    expect(parseFailure(raw)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) } });
  });

  it.each(['{"jsonrpc": "2.0", "id": 1, ', 'tools/call', '{', undefined])('text that is not JSON (%s) is -32700 Parse error', (raw) => {
    expect(parseFailure(raw)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
  });
});
