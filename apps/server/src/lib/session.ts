/** JWT sessions in an httpOnly cookie, and the guards every router uses. */
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '@mp/shared';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { sellers } from '../db/schema';
import { AppError, forbidden, unauthenticated } from './errors';

export const SESSION_COOKIE = 'token';

interface TokenClaims {
  sub: string;
  role: Role;
  email: string;
  username: string;
}

export function createSessions(config: Pick<Config, 'jwtSecret' | 'jwtExpiresIn' | 'cookieSecure'>) {
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
  };

  function sign(user: Express.SessionUser): string {
    const claims: TokenClaims = { sub: user.id, role: user.role, email: user.email, username: user.username };
    return jwt.sign(claims, config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: config.jwtExpiresIn as jwt.SignOptions['expiresIn'],
    });
  }

  function verify(token: string): Express.SessionUser | undefined {
    try {
      const c = jwt.verify(token, config.jwtSecret, { algorithms: ['HS256'] }) as Partial<TokenClaims>;
      if (typeof c.sub !== 'string' || !ROLES.includes(c.role as Role)) return undefined;
      return {
        id: c.sub,
        role: c.role as Role,
        email: String(c.email ?? ''),
        username: String(c.username ?? ''),
      };
    } catch {
      return undefined;
    }
  }

  const maxAgeMs = (() => {
    const m = /^(\d+)([smhd])$/.exec(config.jwtExpiresIn);
    const unit = { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7 }[(m?.[2] ?? 'd') as 's' | 'm' | 'h' | 'd'];
    return Number(m?.[1] ?? 7) * unit;
  })();

  return {
    sign,
    verify,
    issue(res: Response, user: Express.SessionUser): void {
      res.cookie(SESSION_COOKIE, sign(user), { ...cookieOptions, maxAge: maxAgeMs });
    },
    clear(res: Response): void {
      res.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    /** Reads the cookie (or a Bearer header) and sets req.user when the token is valid; never rejects. */
    authenticate: ((req, _res, next) => {
      const header = req.get('authorization');
      const token =
        (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE] ??
        (header?.startsWith('Bearer ') ? header.slice(7) : undefined);
      if (token) req.user = verify(token);
      next();
    }) as RequestHandler,
  };
}
export type Sessions = ReturnType<typeof createSessions>;

export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.user) throw unauthenticated();
  next();
};

export const requireRole =
  (...roles: Role[]): RequestHandler =>
  (req, _res, next) => {
    if (!req.user) throw unauthenticated();
    if (!roles.includes(req.user.role)) throw forbidden('Your account cannot do this');
    next();
  };

/** The caller's user, or a 401. */
export function currentUser(req: Request): Express.SessionUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

/** A path `/{userId}` must be the caller's own id (the admin excepted). */
export function assertSelfOrAdmin(req: Request, userId: string): Express.SessionUser {
  const user = currentUser(req);
  if (user.id !== userId && user.role !== 'admin')
    throw forbidden("You can only access your own account's data");
  return user;
}

/** A logged-in seller whose record is approved; sets req.sellerId. The admin passes too (without sellerId). */
export const requireApprovedSeller =
  (db: Db, opts: { allowAdmin?: boolean } = {}): RequestHandler =>
  async (req, _res, next) => {
    const user = currentUser(req);
    if (opts.allowAdmin && user.role === 'admin') return next();
    if (user.role !== 'seller') throw forbidden('Only sellers can do this');
    const [seller] = await db
      .select({ id: sellers.id, isapproved: sellers.isapproved })
      .from(sellers)
      .where(eq(sellers.userId, user.id))
      .limit(1);
    if (!seller) throw forbidden('No seller profile found for this account');
    if (!seller.isapproved) {
      throw new AppError(403, 'SELLER_NOT_APPROVED', 'Your seller account is awaiting admin approval');
    }
    req.sellerId = seller.id;
    next();
  };
