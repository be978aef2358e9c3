import type { Role } from '@mp/shared';

declare global {
  namespace Express {
    interface SessionUser {
      id: string;
      role: Role;
      email: string;
      username: string;
    }
    interface Request {
      /** set by `authenticate` when a valid session cookie is present */
      user?: SessionUser;
      /** set by `requireApprovedSeller` */
      sellerId?: string;
    }
  }
}

export {};
