import type { Request, Response } from 'express';
import { routeLabel, UNMATCHED_ROUTE } from './http-metrics';
import { metricsAuthorized } from './metrics-server';

const req = (route?: { path: unknown }, baseUrl = '') => ({ route, baseUrl }) as unknown as Request;
const res = (locals: Record<string, unknown> = {}) => ({ locals }) as unknown as Response;

describe('routeLabel: the route template, never the URL', () => {
  it('is the template of the matched route, under its mount path', () => {
    expect(routeLabel(req({ path: '/v2/saved/audiences/:id' }), res())).toBe('/v2/saved/audiences/:id');
    expect(routeLabel(req({ path: '/items/:id' }, '/api'), res())).toBe('/api/items/:id');
  });

  it('is one label for every request no route matched', () => {
    expect(routeLabel(req(undefined), res())).toBe(UNMATCHED_ROUTE);
    expect(routeLabel(req({ path: /regex/ }), res())).toBe(UNMATCHED_ROUTE);
  });

  it('is what a mounted sub-application named, when it named one', () => {
    expect(routeLabel(req(undefined), res({ metricsRoute: '/admin/queues' }))).toBe('/admin/queues');
  });
});

describe('metricsAuthorized', () => {
  it('lets everyone in when no token is configured', () => {
    expect(metricsAuthorized(undefined, undefined)).toBe(true);
    expect(metricsAuthorized('Bearer anything', '')).toBe(true);
  });

  it('wants exactly the configured token as a bearer token', () => {
    const token = 'metrics-token-0123456789';
    expect(metricsAuthorized(`Bearer ${token}`, token)).toBe(true);
    expect(metricsAuthorized(`bearer  ${token} `, token)).toBe(true);
    expect(metricsAuthorized(undefined, token)).toBe(false);
    expect(metricsAuthorized(token, token)).toBe(false);
    expect(metricsAuthorized(`Bearer ${token}x`, token)).toBe(false);
    expect(metricsAuthorized('Bearer short', token)).toBe(false);
    expect(metricsAuthorized(['Bearer ' + token], token)).toBe(false);
  });
});
