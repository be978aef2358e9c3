import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestLog } from '../request-log';

function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  const logger = pino({ level }, sink);
  const app = express();
  app.use(requestLog(logger, { ignore: (p) => p === '/quiet' }));
  app.get('/ok', (req, res) => {
    req.log.info({ step: 'inside' }, 'handler ran');
    res.json({ id: req.id });
  });
  app.get('/quiet', (_req, res) => res.send('x'));
  app.get('/boom', (_req, res) => res.status(503).send('down'));
  return { app, lines };
}

describe('requestLog', () => {
  it('when a valid X-Request-Id comes in, then it is kept, echoed and bound to handler logs', async () => {
    const { app, lines } = appWithLog('info');
    const res = await request(app).get('/ok').set('X-Request-Id', 'abc12345-trace');
    expect(res.headers['x-request-id']).toBe('abc12345-trace');
    expect(res.body.id).toBe('abc12345-trace');
    expect(lines.find((l) => l.msg === 'handler ran')).toMatchObject({
      reqId: 'abc12345-trace',
      step: 'inside',
    });
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({
      reqId: 'abc12345-trace',
      method: 'GET',
      url: '/ok',
      status: 200,
    });
  });

  it('when the incoming id is malformed, then a fresh uuid replaces it', async () => {
    const { app } = appWithLog('info');
    const res = await request(app).get('/ok').set('X-Request-Id', 'bad id with spaces <script>');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when a response fails, then the line is an error; ignored paths and silent loggers write nothing', async () => {
    const loud = appWithLog('info');
    await request(loud.app).get('/boom');
    await request(loud.app).get('/quiet');
    expect(loud.lines.map((l) => [l.url, l.level])).toEqual([['/boom', 50]]);
    const silent = appWithLog('silent');
    await request(silent.app).get('/ok');
    expect(silent.lines).toEqual([]);
  });
});
