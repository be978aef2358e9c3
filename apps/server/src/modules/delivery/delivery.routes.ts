/** Delivery's routes (docs/delivery.md): thin — validate through the table, call the delivery service, answer. */
import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../context';
import { contractRouter } from '../../lib/route';
import { rawBodyOf } from '../../lib/raw-body';

export function createDeliveryRouter(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.db);
  const d = deps.delivery;

  route(api.sellerDeliverySettings, async ({ req, reply }) => {
    reply({ data: await d.settings(req.sellerId!) });
  });
  route(api.updateSellerDeliverySettings, async ({ req, body, reply }) => {
    reply({ message: 'Pickup settings saved', data: await d.saveSettings(req.sellerId!, body) });
  });
  route(api.deliveryHolidays, async ({ reply }) => {
    reply({ data: await d.holidays() });
  });
  route(api.setDeliveryHoliday, async ({ params, body, reply }) => {
    reply({ message: 'Holiday saved', data: await d.putHoliday(params.day, body.name) });
  });
  route(api.removeDeliveryHoliday, async ({ params, reply }) => {
    reply({ message: 'Holiday removed', data: await d.deleteHoliday(params.day) });
  });
  route(api.deliveryEstimate, async ({ query, reply }) => {
    reply({ data: await d.estimate(query.productId, query.pincode) });
  });
  route(api.deliveryQuote, async ({ query, user, reply }) => {
    reply({ data: await d.quote(user.id, query) });
  });
  route(api.shipOrder, async ({ req, params, body, user, reply }) => {
    const actor = { userId: user.id, role: user.role };
    const { shipped, parcel } = await d.ship(req.sellerId!, params.orderId, body, actor);
    const message =
      body.mode === 'self'
        ? shipped
          ? 'Shipped: the shopper has the delivery code'
          : 'This parcel is already on its way'
        : shipped
          ? 'Creating shipment'
          : 'The shipment is already on its way';
    reply({ message, data: parcel });
  });
  route(api.deliverWithCode, async ({ req, params, body, user, reply }) => {
    const actor = { userId: user.id, role: user.role };
    const { delivered, parcel } = await d.deliverWithCode(req.sellerId!, params.orderId, body.code, actor);
    reply({ message: delivered ? 'Delivered' : 'This parcel was already delivered', data: parcel });
  });
  route(api.shipmentLabel, async ({ req, res, params }) => {
    const pdf = await d.label(req.sellerId!, params.orderId);
    res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `inline; filename="label-${params.orderId}.pdf"`)
      .send(pdf);
  });
  route(api.courierWebhook, async ({ req, reply }) => {
    const outcome = await d.webhook(rawBodyOf(req), req.get('x-courier-signature'));
    reply({ message: outcome === 'applied' ? 'Processed' : 'Seen before or ignored' });
  });
  route(api.orderTracking, async ({ params, user, reply }) => {
    reply({ data: await d.tracking(user, params.orderId) });
  });
  return router;
}
