/**
 * GET /api/openapi.json (the OpenAPI 3.1 document generated from the shared endpoint table) and the interactive
 * reference at /api/docs: Swagger UI from the swagger-ui-dist package, served by this app, no outside request
 * (docs/api-contract.md).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import { createOpenApiDocument } from '@mp/shared/openapi';
import { answerBody, sendJsonText } from './contract';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <title>Haat Marketplace API reference</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
    <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/init.js"></script>
  </body>
</html>
`;

// no inline script (the CSP allows scripts from this origin only); validatorUrl null: no call to an outside validator
const INIT = `window.ui = SwaggerUIBundle({
  url: '${api.openapi.path}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // areas start closed: open, every operation would be listed at once (past 150 rows Swagger UI virtualises the
  // list and draws only what it has measured); a click on an area opens it
  docExpansion: 'none',
  validatorUrl: null,
  withCredentials: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export function createApiDocsRouter(options: { version?: string } = {}): Router {
  const r = Router();
  let documentText: string | undefined;

  r.get(api.openapi.path, (_req, res) => {
    documentText ??= JSON.stringify(
      answerBody(
        api.openapi,
        createOpenApiDocument({ version: options.version }) as unknown as Record<string, unknown>,
      ),
    );
    res.setHeader('Cache-Control', 'no-cache');
    sendJsonText(res, documentText);
  });

  r.get(api.docs.path, (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache').send(PAGE);
  });
  // the page's assets (not API routes): the init script and swagger-ui-dist's files
  r.use('/api/docs/assets/init.js', (_req, res) => {
    res.type('application/javascript').setHeader('Cache-Control', 'no-cache').send(INIT);
  });
  r.use('/api/docs/assets', express.static(swaggerUiDir, { index: false, maxAge: '1d', fallthrough: false }));
  return r;
}
