import request from 'supertest';
import { Stack } from './stack';

export type Method = 'get' | 'put' | 'patch' | 'delete';

/** A supertest client bound to one caller. */
export function client(stack: Stack, token: string) {
  const auth = `Bearer ${token}`;
  return {
    get: (path: string) => request(stack.baseUrl).get(path).set('Authorization', auth),
    post: (path: string, body: unknown) =>
      request(stack.baseUrl)
        .post(path)
        .set('Authorization', auth)
        .send(body as object),
    put: (path: string, body: unknown) =>
      request(stack.baseUrl)
        .put(path)
        .set('Authorization', auth)
        .send(body as object),
    patch: (path: string, body: unknown) =>
      request(stack.baseUrl)
        .patch(path)
        .set('Authorization', auth)
        .send(body as object),
    delete: (path: string) => request(stack.baseUrl).delete(path).set('Authorization', auth),
    /** Sends `method` to `path`, with `body` for PUT and PATCH. */
    send: (method: Method, path: string, body: unknown) => {
      const r = request(stack.baseUrl)[method](path).set('Authorization', auth);
      return method === 'put' || method === 'patch' ? r.send(body as object) : r;
    },
  };
}

export type Client = ReturnType<typeof client>;
