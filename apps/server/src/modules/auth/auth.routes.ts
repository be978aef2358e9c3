import { Router, type Response } from 'express';
import { endpoints as api, LOGIN_LINK_SENT } from '@mp/shared';
import type { AppDeps } from '../../context';
import { send } from '../../lib/contract';
import { dbRateLimit } from '../../lib/rate-limit';
import { AppError, forbidden, notFound, parse, unauthenticated } from '../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth, requireRole } from '../../lib/session';
import { singleFileUpload, storeUpload } from '../../lib/upload';
import { createSellerService } from '../sellers/seller.service';
import { createAuthService, revokeSessions } from './auth.service';
import { toSessionUser, toUserDto } from './user.mapper';
import { createLoginThrottle } from './login-throttle';
import { consumeLoginLink, sendLoginLink } from './login-links';
import type { users } from '../../db/schema';
import { documentQuota, recordDocumentUpload } from '../sellers/document-uploads';

type UserRow = typeof users.$inferSelect;

/** A 429 of the login throttle tells the client when to try again (Retry-After). */
function withRetryAfter(res: Response, err: unknown): unknown {
  const seconds = err instanceof AppError ? err.details?.retryAfterSeconds : undefined;
  if (typeof seconds === 'number') res.setHeader('Retry-After', String(seconds));
  return err;
}

export function createAuthRouter(deps: AppDeps): Router {
  const { db, sessions, config } = deps;
  const auth = createAuthService({ passwords: deps.passwords });
  const sellersSvc = createSellerService(auth);
  const r = Router();

  /** Counts live in PostgreSQL: a limit holds on every instance and across restarts (docs/security.md). */
  const limiter = (name: string, options: Parameters<typeof dbRateLimit>[2]) =>
    dbRateLimit(db, name, options);
  const FIFTEEN_MINUTES = 15 * 60 * 1000;
  const HOUR = 60 * 60 * 1000;

  const loginThrottle = createLoginThrottle(db, config.loginRateLimit);
  const loginLinkLimiter = limiter('login-link', {
    windowMs: FIFTEEN_MINUTES,
    limit: config.loginRateLimit,
    skipSuccessfulRequests: true,
    message: 'Too many sign-in link attempts. Please wait 15 minutes and try again.',
  });
  const uploadLimiter = limiter('seller-document', {
    windowMs: HOUR,
    limit: 30,
    message: 'Too many uploads. Please try again later.',
  });
  const registerLimiter = limiter('register', {
    windowMs: HOUR,
    limit: config.loginRateLimit * 5,
    message: 'Too many registrations from this address. Please try again later.',
  });

  r.post('/register', registerLimiter, async (req, res) => {
    const input = parse(api.register.body.schema, req.body);
    const user = await auth.createUser(db, input, 'user');
    send(res, api.register, { message: 'Registration Successful!', user: toUserDto(user) });
  });

  /** Signs the user in: the cookie, and the answer of login and of a sign-in link. */
  async function signIn(res: Response, user: UserRow) {
    sessions.issue(res, toSessionUser(user));
    const seller = user.role === 'seller' ? await sellersSvc.byUserId(db, user.id) : undefined;
    send(res, api.login, {
      message: 'Logged in successfully',
      data: { role: user.role },
      user: toUserDto(user),
      ...(seller ? { seller } : {}),
    });
  }

  /** Failed-login limits per account, per address and per both (docs/security.md, "Failed logins"). */
  r.post('/login', async (req, res) => {
    const input = parse(api.login.body.schema, req.body);
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
      send(res, api.login, { code: LOGIN_LINK_SENT, message: 'We e-mailed you a sign-in link.' }, 202);
      return;
    }
    await signIn(res, user);
  });

  r.post('/login-link', loginLinkLimiter, async (req, res) => {
    const { token } = parse(api.loginLink.body.schema, req.body);
    await signIn(res, await consumeLoginLink(db, token));
  });

  /** Ends this user's sessions on every device and instance (docs/security.md), then clears the cookie. */
  r.post('/logout', async (req, res) => {
    if (req.user) await revokeSessions(db, req.user.id);
    sessions.clear(res);
    send(res, api.logout, { message: 'Logged out successfully!' });
  });

  /**
   * The session's user, with the seller record for sellers. Without a valid session it still answers 200, with
   * `authenticated: false` and `user: null`: an anonymous visit is normal, not an error (docs/seo-and-email.md).
   */
  r.get('/check-auth', async (req, res) => {
    const session = req.user;
    const user = session ? await auth.findById(db, session.id) : undefined;
    if (!user) {
      // a stale, revoked, forged or expired cookie is dropped so the browser stops sending it
      if (sessions.tokenOf(req)) sessions.clear(res);
      res.setHeader('Cache-Control', 'no-store');
      send(res, api.checkAuth, { authenticated: false, user: null });
      return;
    }
    const seller = user.role === 'seller' ? await sellersSvc.byUserId(db, user.id) : undefined;
    send(res, api.checkAuth, { authenticated: true, user: toUserDto(user), ...(seller ? { seller } : {}) });
  });

  r.get('/get', requireAuth, async (req, res) => {
    const user = await auth.findById(db, currentUser(req).id);
    if (!user) throw unauthenticated('Unauthorised user!');
    send(res, api.me, { data: toUserDto(user), user: toUserDto(user) });
  });

  r.get('/user/seller-info', requireAuth, async (req, res) => {
    const { email } = parse(api.sellerInfo.query, req.query);
    const caller = currentUser(req);
    if (caller.role !== 'admin' && caller.email.toLowerCase() !== email) {
      throw forbidden('You can only look up your own seller profile');
    }
    const seller = await sellersSvc.byEmail(db, email);
    if (!seller) throw notFound('Seller');
    send(res, api.sellerInfo, { sellerinfo: seller, data: seller });
  });

  r.get('/user/:id', requireAuth, async (req, res) => {
    const { id } = parse(api.getUser.params, req.params);
    assertSelfOrAdmin(req, id);
    const user = await auth.findById(db, id);
    if (!user) throw notFound('User');
    send(res, api.getUser, { data: toUserDto(user), user: toUserDto(user) });
  });

  r.put('/update/:id', requireAuth, async (req, res) => {
    const { id } = parse(api.updateProfile.params, req.params);
    assertSelfOrAdmin(req, id);
    const input = parse(api.updateProfile.body.schema, req.body);
    const user = await auth.updateProfile(db, id, input);
    send(res, api.updateProfile, {
      message: 'Profile updated successfully!',
      data: toUserDto(user),
      user: toUserDto(user),
    });
  });

  const quotas = config.documentUploads;
  r.post(
    '/seller/upload-document',
    uploadLimiter,
    documentQuota(db, quotas),
    singleFileUpload,
    async (req, res) => {
      const stored = await storeUpload(req, deps.storage, { folder: 'documents', allowPdf: true });
      // counted against the address's quota, removed by the sweeper if no registration claims it
      await recordDocumentUpload(db, deps.storage, quotas, {
        ...stored,
        folder: 'documents',
        address: req.ip ?? 'unknown',
      });
      send(res, api.uploadSellerDocument, { message: 'Document uploaded', result: { url: stored.url } });
    },
  );

  /** A new password: every other session of the user ends; this one gets a fresh cookie (docs/security.md). */
  r.put('/password', requireAuth, async (req, res) => {
    const input = parse(api.changePassword.body.schema, req.body);
    const user = await auth.changePassword(db, currentUser(req).id, input);
    sessions.issue(res, toSessionUser(user));
    send(res, api.changePassword, { message: 'Password changed successfully!' });
  });

  r.post('/seller/register-seller', registerLimiter, async (req, res) => {
    const input = parse(api.registerSeller.body.schema, req.body);
    // the "registration received" mail goes to an address the client chose: bounded (docs/seo-and-email.md)
    const { user, seller } = await sellersSvc.register(db, input, {
      client: req.ip ?? 'unknown',
      limits: config.mailLimits,
      logger: deps.logger,
    });
    sessions.issue(res, toSessionUser(user));
    send(res, api.registerSeller, {
      message: 'Registration Successful!',
      user: toUserDto(user),
      seller,
      data: seller,
    });
  });

  const adminOnly = requireRole('admin');

  r.get('/sellerlist/get', adminOnly, async (_req, res) => {
    send(res, api.listSellers, { data: await sellersSvc.list(db) });
  });

  r.get('/sellerlist/details/:id', adminOnly, async (req, res) => {
    const { id } = parse(api.getSeller.params, req.params);
    const seller = await sellersSvc.byId(db, id);
    if (!seller) throw notFound('Seller');
    send(res, api.getSeller, { data: seller });
  });

  r.put('/sellerlist/update/:id', adminOnly, async (req, res) => {
    const { id } = parse(api.decideSeller.params, req.params);
    const { approvalstatus } = parse(api.decideSeller.body.schema, req.body);
    const seller = await sellersSvc.decide(db, id, approvalstatus);
    send(res, api.decideSeller, { message: 'Seller status updated!', data: seller });
  });

  return r;
}
