import type { Response, Router } from 'express';
import { endpoints as api, LOGIN_LINK_SENT } from '@mp/shared';
import type { AppDeps } from '../../context';
import { send } from '../../lib/contract';
import { dbRateLimit } from '../../lib/rate-limit';
import { AppError, forbidden, notFound, unauthenticated } from '../../lib/errors';
import { contractRouter, type Route } from '../../lib/route';
import { assertSelfOrAdmin } from '../../lib/session';
import { singleFileUpload, storeUpload } from '../../lib/upload';
import { createSellerService, type SellerService } from '../sellers/seller.service';
import { createAuthService, revokeSessions, type AuthService } from './auth.service';
import { toSessionUser, toUserDto } from './user.mapper';
import { createLoginThrottle } from './login-throttle';
import { consumeLoginLink, sendLoginLink } from './login-links';
import type { users } from '../../db/schema';
import { documentQuota, recordDocumentUpload } from '../sellers/document-uploads';

type UserRow = typeof users.$inferSelect;

/** What the auth routes share: the app's dependencies, the services and the route helper. */
interface AuthRoutes {
  deps: AppDeps;
  auth: AuthService;
  sellersSvc: SellerService;
  route: Route;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** A 429 of the login throttle tells the client when to try again (Retry-After). */
function withRetryAfter(res: Response, err: unknown): unknown {
  const seconds = err instanceof AppError ? err.details?.retryAfterSeconds : undefined;
  if (typeof seconds === 'number') res.setHeader('Retry-After', String(seconds));
  return err;
}

/** Signs the user in: the cookie, and the answer of login and of a sign-in link. */
async function signIn({ deps, sellersSvc }: AuthRoutes, res: Response, user: UserRow) {
  deps.sessions.issue(res, toSessionUser(user));
  const seller = user.role === 'seller' ? await sellersSvc.byUserId(deps.db, user.id) : undefined;
  send(res, api.login, {
    message: 'Logged in successfully',
    data: { role: user.role },
    user: toUserDto(user),
    ...(seller ? { seller } : {}),
  });
}

/** Registration, login (password or e-mailed link) and logout. */
function sessionRoutes(ctx: AuthRoutes, registerLimiter: ReturnType<typeof dbRateLimit>) {
  const { deps, auth, route } = ctx;
  const { db, config } = deps;
  const loginThrottle = createLoginThrottle(db, config.loginRateLimit);
  // counts live in PostgreSQL: a limit holds on every instance and across restarts (docs/security.md)
  const loginLinkLimiter = dbRateLimit(db, 'login-link', {
    windowMs: FIFTEEN_MINUTES,
    limit: config.loginRateLimit,
    skipSuccessfulRequests: true,
    message: 'Too many sign-in link attempts. Please wait 15 minutes and try again.',
  });

  route(api.register, registerLimiter, async ({ body, reply }) => {
    const user = await auth.createUser(db, body, 'user');
    reply({ message: 'Registration Successful!', user: toUserDto(user) });
  });

  /** Failed-login limits per account, per address and per both (docs/security.md, "Failed logins"). */
  route(api.login, async ({ req, res, body: input, reply }) => {
    const attempt = await loginThrottle.begin(req.ip ?? 'unknown', input.email).catch((err: unknown) => {
      throw withRetryAfter(res, err);
    });
    let user: UserRow;
    try {
      user = await auth.verifyCredentials(db, input);
    } catch (err) {
      throw withRetryAfter(res, (err instanceof AppError && err.status === 401 && attempt.failed()) || err);
    }
    await attempt.succeeded();
    if (attempt.accountLocked && attempt.addressFailed) {
      await sendLoginLink(db, user);
      reply({ code: LOGIN_LINK_SENT, message: 'We e-mailed you a sign-in link.' }, 202);
      return;
    }
    await signIn(ctx, res, user);
  });

  route(api.loginLink, loginLinkLimiter, async ({ res, body }) => {
    await signIn(ctx, res, await consumeLoginLink(db, body.token));
  });

  /** Ends this user's sessions on every device and instance (docs/security.md), then clears the cookie. */
  route(api.logout, async ({ req, res, reply }) => {
    if (req.user) await revokeSessions(db, req.user.id);
    deps.sessions.clear(res);
    reply({ message: 'Logged out successfully!' });
  });
}

/** The session's user and profile. */
function profileRoutes({ deps, auth, sellersSvc, route }: AuthRoutes) {
  const { db, sessions } = deps;
  /**
   * The session's user, with the seller record for sellers. Without a valid session it still answers 200, with
   * `authenticated: false` and `user: null`: an anonymous visit is normal, not an error (docs/seo-and-email.md).
   */
  route(api.checkAuth, async ({ req, res, reply }) => {
    const session = req.user;
    const user = session ? await auth.findById(db, session.id) : undefined;
    if (!user) {
      // a stale, revoked, forged or expired cookie is dropped so the browser stops sending it
      if (sessions.tokenOf(req)) sessions.clear(res);
      res.setHeader('Cache-Control', 'no-store');
      reply({ authenticated: false, user: null });
      return;
    }
    const seller = user.role === 'seller' ? await sellersSvc.byUserId(db, user.id) : undefined;
    reply({ authenticated: true, user: toUserDto(user), ...(seller ? { seller } : {}) });
  });

  route(api.me, async ({ user: caller, reply }) => {
    const user = await auth.findById(db, caller.id);
    if (!user) throw unauthenticated('Unauthorised user!');
    reply({ data: toUserDto(user), user: toUserDto(user) });
  });

  route(api.sellerInfo, async ({ query, user: caller, reply }) => {
    const { email } = query;
    if (caller.role !== 'admin' && caller.email.toLowerCase() !== email) {
      throw forbidden('You can only look up your own seller profile');
    }
    const seller = await sellersSvc.byEmail(db, email);
    if (!seller) throw notFound('Seller');
    reply({ sellerinfo: seller, data: seller });
  });

  route(api.getUser, async ({ req, params, reply }) => {
    assertSelfOrAdmin(req, params.id);
    const user = await auth.findById(db, params.id);
    if (!user) throw notFound('User');
    reply({ data: toUserDto(user), user: toUserDto(user) });
  });

  route(api.updateProfile, async (call) => {
    const { id } = call.params;
    assertSelfOrAdmin(call.req, id);
    const user = toUserDto(await auth.updateProfile(db, id, call.body));
    call.reply({ message: 'Profile updated successfully!', data: user, user });
  });

  /** A new password: every other session of the user ends; this one gets a fresh cookie (docs/security.md). */
  route(api.changePassword, async ({ res, body, user: caller, reply }) => {
    const user = await auth.changePassword(db, caller.id, body);
    sessions.issue(res, toSessionUser(user));
    reply({ message: 'Password changed successfully!' });
  });
}

/** Seller registration (with its document upload) and the admin's review of sellers. */
function sellerRoutes(
  { deps, sellersSvc, route }: AuthRoutes,
  registerLimiter: ReturnType<typeof dbRateLimit>,
) {
  const { db, config } = deps;
  const quotas = config.documentUploads;
  const uploadLimiter = dbRateLimit(db, 'seller-document', {
    windowMs: HOUR,
    limit: 30,
    message: 'Too many uploads. Please try again later.',
  });
  route(
    api.uploadSellerDocument,
    uploadLimiter,
    documentQuota(db, quotas),
    singleFileUpload,
    async ({ req, reply }) => {
      const stored = await storeUpload(req, deps.storage, { folder: 'documents', allowPdf: true });
      // counted against the address's quota, removed by the sweeper if no registration claims it
      await recordDocumentUpload(db, deps.storage, quotas, {
        ...stored,
        folder: 'documents',
        address: req.ip ?? 'unknown',
      });
      reply({ message: 'Document uploaded', result: { url: stored.url } });
    },
  );

  route(api.registerSeller, registerLimiter, async ({ req, res, body, reply }) => {
    // the "registration received" mail goes to an address the client chose: bounded (docs/seo-and-email.md)
    const { user, seller } = await sellersSvc.register(db, body, {
      client: req.ip ?? 'unknown',
      limits: config.mailLimits,
      logger: deps.logger,
    });
    deps.sessions.issue(res, toSessionUser(user));
    reply({ message: 'Registration Successful!', user: toUserDto(user), seller, data: seller });
  });

  route(api.listSellers, async ({ reply }) => {
    reply({ data: await sellersSvc.list(db) });
  });

  route(api.getSeller, async ({ params, reply }) => {
    const seller = await sellersSvc.byId(db, params.id);
    if (!seller) throw notFound('Seller');
    reply({ data: seller });
  });

  route(api.decideSeller, async ({ params, body, reply }) => {
    const seller = await sellersSvc.decide(db, params.id, body.approvalstatus);
    reply({ message: 'Seller status updated!', data: seller });
  });
}

export function createAuthRouter(deps: AppDeps): Router {
  const auth = createAuthService({ passwords: deps.passwords });
  const { router, route } = contractRouter(deps.db);
  const ctx: AuthRoutes = { deps, auth, sellersSvc: createSellerService(auth, deps.changes), route };
  const registerLimiter = dbRateLimit(deps.db, 'register', {
    windowMs: HOUR,
    limit: deps.config.loginRateLimit * 5,
    message: 'Too many registrations from this address. Please try again later.',
  });
  sessionRoutes(ctx, registerLimiter);
  profileRoutes(ctx);
  sellerRoutes(ctx, registerLimiter);
  return router;
}
