/**
 * JWT sessions in an httpOnly cookie, checked against the database on every authenticated request, and the
 * guards every router uses (docs/security.md). A token names its user and the session version it was issued at;
 * it opens nothing unless that user still exists with that version. The user's role, e-mail and name come from
 * the database row, never from the token, so a role change or a revoked session takes effect on every instance
 * at once. Anonymous requests never touch the database; an authenticated one costs one primary-key lookup.
 */
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import { AUTH_ROLES, isId, type AuthLevel, type Role } from '@mp/shared';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { sellers } from '../db/schema';
import { AppError, forbidden, unauthenticated } from './errors';

export const SESSION_COOKIE = 'token';

interface TokenClaims {
  sub: string;
  /** the user's session version when the token was issued */
  sv: number;
}

/** Finds the user a session names: the auth module's users repository (deps.ts wires it). */
export type SessionUserLookup = (id: string) => Promise<Express.SessionUser | undefined>;

export function createSessions(
  config: Pick<Config, 'jwtExpiresIn' | 'cookieSecure'> & { jwtSecret: string },
  findUser: SessionUserLookup,
) {
  // a key object made once: given the secret as a string, jsonwebtoken first tries it as a PEM public key on every
  // call, and that failed parse was the costliest step of an authenticated request
  const key = createSecretKey(Buffer.from(config.jwtSecret));
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
  };

  function sign(user: Pick<Express.SessionUser, 'id' | 'sessionVersion'>): string {
    const claims: TokenClaims = { sub: user.id, sv: user.sessionVersion };
    return jwt.sign(claims, key, {
      algorithm: 'HS256',
      expiresIn: config.jwtExpiresIn as jwt.SignOptions['expiresIn'],
    });
  }

  /** The claims of a token this installation signed and that has not expired; the user is not checked yet. */
  function verify(token: string): TokenClaims | undefined {
    try {
      const c = jwt.verify(token, key, { algorithms: ['HS256'] }) as Partial<TokenClaims>;
      if (typeof c.sub !== 'string' || !isId(c.sub) || !Number.isInteger(c.sv)) return undefined;
      return { sub: c.sub.toLowerCase(), sv: c.sv! };
    } catch {
      return undefined;
    }
  }

  /** The user a token opens: signed here, not expired, and naming an existing user at the same version. */
  async function resolve(token: string): Promise<Express.SessionUser | undefined> {
    const claims = verify(token);
    if (!claims) return undefined;
    const user = await findUser(claims.sub);
    return user && user.sessionVersion === claims.sv ? user : undefined;
  }

  const maxAgeMs = (() => {
    const m = /^(\d+)([smhd])$/.exec(config.jwtExpiresIn);
    const unit = { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7 }[(m?.[2] ?? 'd') as 's' | 'm' | 'h' | 'd'];
    return Number(m?.[1] ?? 7) * unit;
  })();

  const tokenOf = (req: Request): string | undefined => {
    const header = req.get('authorization');
    return (
      (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE] ??
      (header?.startsWith('Bearer ') ? header.slice(7) : undefined)
    );
  };

  return {
    sign,
    resolve,
    tokenOf,
    issue(res: Response, user: Pick<Express.SessionUser, 'id' | 'sessionVersion'>): void {
      res.cookie(SESSION_COOKIE, sign(user), { ...cookieOptions, maxAge: maxAgeMs });
    },
    clear(res: Response): void {
      res.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    /** Reads the cookie (or a Bearer header) and sets req.user when the session is live; never rejects. */
    authenticate: (async (req, _res, next) => {
      const token = tokenOf(req);
      if (token) req.user = await resolve(token);
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

/**
 * The guard of each auth level of the endpoint table (docs/api-contract.md, "Guards"), made once per database:
 * the route helper (route.ts) puts it in front of every route from the row's `auth`.
 */
export function createGuards(db: Db): Record<AuthLevel, RequestHandler | undefined> {
  return {
    none: undefined,
    session: requireAuth,
    admin: requireRole(...AUTH_ROLES.admin),
    approvedSeller: requireApprovedSeller(db),
    approvedSellerOrAdmin: requireApprovedSeller(db, { allowAdmin: true }),
  };
}
