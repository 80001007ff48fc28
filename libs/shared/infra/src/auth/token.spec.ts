import type { Request } from 'express';
import { extractToken } from './token';

const req = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as Request;

describe('extractToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc.def.ghi', 'abc.def.ghi'],
    ['abc.def.ghi', 'abc.def.ghi'],
    ['  abc.def.ghi  ', 'abc.def.ghi'],
  ])('reads %j', (header, token) => expect(extractToken(req(header))).toBe(token));

  it.each([undefined, '', '   ', 'Bearer', 'Bearer a b', 'Basic dXNlcjpwYXNz extra'])('refuses %j', (header) => expect(extractToken(req(header))).toBeNull());
});
