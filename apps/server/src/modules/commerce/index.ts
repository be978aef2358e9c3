import { Router } from 'express';
import type { AppDeps } from '../../context';

/** Cart, addresses, orders, payments, seller orders, dashboards. Mounted at /api. */
export function createCommerceRouter(_deps: AppDeps): Router {
  return Router();
}
