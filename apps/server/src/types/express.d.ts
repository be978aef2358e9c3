import type { Role } from '@mp/shared';
import type { Logger } from 'pino';

declare global {
  namespace Express {
    interface SessionUser {
      id: string;
      role: Role;
      email: string;
      username: string;
      /** the users.session_version the session was issued at (docs/security.md) */
      sessionVersion: number;
    }
    interface Request {
      /** request id, echoed as X-Request-Id */
      id: string;
      /** a logger bound to this request id */
      log: Logger;
      /** set by `authenticate` when a valid session cookie is present */
      user?: SessionUser;
      /** set by `requireApprovedSeller` */
      sellerId?: string;
    }
  }
}

export {};
