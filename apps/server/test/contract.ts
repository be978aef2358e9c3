/**
 * Checks every answer the API tests receive against the OpenAPI document (generated from the shared endpoint
 * table): the status must be one the route documents, and a JSON body must validate against the documented schema
 * for that route and status (success envelope or error envelope). A handler that changes an answer's shape, adds
 * an undocumented field or answers an undocumented status makes the test that called it fail.
 */
import type { NextFunction, Request, Response } from 'express';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { errorStatuses, matchEndpoint, openApiPath, type Endpoint } from '@mp/shared';
import { createOpenApiDocument } from '@mp/shared/openapi';

// ajv-formats is CommonJS with a default export
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Json = Record<string, unknown>;
const document = createOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: Json & { responses: Record<string, Json> };
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('binary', true);

const validators = new Map<string, ValidateFunction | null>();

/** The documented JSON schema of the route's answer for this status, compiled (null: not JSON). */
function validatorFor(e: Endpoint, status: number): ValidateFunction | null {
  const key = `${e.method} ${e.path} ${status}`;
  if (validators.has(key)) return validators.get(key)!;
  let response = document.paths[openApiPath(e.path)]?.[e.method]?.responses[String(status)];
  const ref = response?.$ref as string | undefined;
  if (ref) response = document.components.responses[ref.split('/').pop()!];
  const schema = (response?.content as Record<string, { schema: Json }> | undefined)?.['application/json']
    ?.schema;
  // the components ride along so the schema's #/components/... references resolve
  const compiled = schema ? ajv.compile({ ...schema, components: document.components }) : null;
  validators.set(key, compiled);
  return compiled;
}

const errorEnvelope = ajv.compile({
  $ref: '#/components/schemas/ErrorEnvelope',
  components: document.components,
});

export interface ContractRecorder {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** the violations seen since the last call, cleared */
  take(): string[];
}

const describeErrors = (v: ValidateFunction) =>
  (v.errors ?? [])
    .slice(0, 5)
    .map(
      (err) =>
        `${err.instancePath || '/'} ${err.message}${err.params ? ` ${JSON.stringify(err.params)}` : ''}`,
    )
    .join('; ');

export function createContractRecorder(): ContractRecorder {
  let violations: string[] = [];

  function checkStatus(label: string, e: Endpoint | undefined, status: number) {
    if (!e) return;
    if (status in e.responses || errorStatuses(e).includes(status)) return;
    violations.push(`${label} answered ${status}, which the document does not list for this route`);
  }

  function checkBody(label: string, e: Endpoint | undefined, status: number, body: unknown) {
    if (status >= 400 && (!e || !e.responses[status])) {
      if (!errorEnvelope(body))
        violations.push(`${label} ${status}: not the error envelope: ${describeErrors(errorEnvelope)}`);
      return;
    }
    if (!e) return;
    const validate = validatorFor(e, status);
    if (validate && !validate(body)) {
      violations.push(
        `${label} ${status}: the answer does not match the documented schema: ${describeErrors(validate)}`,
      );
    }
  }

  return {
    middleware(req, res, next) {
      if (!req.path.startsWith('/api/') || req.path.startsWith('/api/docs/assets/')) return next();
      const label = `${req.method} ${req.path}`;
      const e = matchEndpoint(req.method, req.path);
      // JSON bodies pass through res.send (res.json calls it); the prototype's send is looked up at call time,
      // since the Express app sets its own response prototype on the way in
      res.send = function checkedSend(this: Response, body?: unknown) {
        const type = String(this.getHeader('Content-Type') ?? '');
        if (/json/.test(type) && (typeof body === 'string' || Buffer.isBuffer(body))) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(String(body));
          } catch {
            violations.push(`${label}: answered JSON that does not parse`);
          }
          if (parsed !== undefined) checkBody(label, e, this.statusCode, parsed);
        } else if (e && e.responses[this.statusCode]?.kind === 'json') {
          violations.push(
            `${label} ${this.statusCode}: documented as JSON but answered ${type || 'no type'}`,
          );
        }
        return Object.getPrototypeOf(this).send.call(this, body);
      } as Response['send'];
      res.end = function checkedEnd(this: Response, ...args: unknown[]) {
        checkStatus(label, e, this.statusCode);
        return (Object.getPrototypeOf(this).end as (...a: unknown[]) => Response).apply(this, args);
      } as Response['end'];
      next();
    },
    take() {
      const out = violations;
      violations = [];
      return out;
    },
  };
}
