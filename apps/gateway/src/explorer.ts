import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** Where the explorer's bundle is (apps/explorer/build.mjs writes it): dist/explorer beside the compiled apps. */
export const EXPLORER_DIR = path.resolve(__dirname, '..', '..', '..', 'explorer');

/**
 * Serves the explorer, a static single-page app, at /explorer/: its hashed assets cached for good,
 * and index.html (not cached) for every other path under it, so a deep link such as
 * /explorer/crosstab opens the app at that page. The sign-in token travels in the URL fragment,
 * which browsers never send, so no request here carries it. Without a build, /explorer/ says how
 * to make one.
 */
export function serveExplorer(app: NestExpressApplication, dir = EXPLORER_DIR): void {
  const index = path.join(dir, 'index.html');
  const express = app.getHttpAdapter().getInstance();
  // Express's routing ignores a trailing slash: only the bare /explorer is sent on to /explorer/.
  express.get('/explorer', (req: Request, res: Response, next: NextFunction) => (req.path === '/explorer' ? res.redirect(301, '/explorer/') : next()));
  app.useStaticAssets(path.join(dir, 'assets'), { prefix: '/explorer/assets/', immutable: true, maxAge: '365d', index: false, fallthrough: false });
  express.get(/^\/explorer\/.*/, (req: Request, res: Response, next: NextFunction) => {
    if (!fs.existsSync(index)) {
      res.status(404).type('application/problem+json').send({
        type: 'urn:aas:problem:not-found',
        title: 'Not Found',
        status: 404,
        detail: 'The explorer is not built: npm start builds it, or run npm run build:explorer',
        instance: req.path,
      });
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index, (err) => err && next(err));
  });
}
