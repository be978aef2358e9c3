/** The courier adapter against the fake courier server (docs/delivery.md, "The courier"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { startCourierFake, type CourierFake } from '../../../fakes/courier';
import { createShiprocketCourier } from '../shiprocket-courier';
import { CourierUnavailableError } from '../courier-provider';
import { parseCourierWebhook, signatureValid } from '../courier-webhook-signature';

let fake: CourierFake;
const received: { body: string; signature: string | undefined }[] = [];
let sink: Server;

beforeAll(async () => {
  sink = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(parts).toString(),
        signature: req.headers['x-courier-signature'] as string,
      });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  const port = (sink.address() as { port: number }).port;
  fake = await startCourierFake({
    apiKey: 'key-1',
    webhookSecret: 'secret-of-sixteen-chars',
    webhookUrl: `http://127.0.0.1:${port}/hook`,
  });
});
afterAll(async () => {
  await fake.stop();
  sink.close();
});

const courier = () => createShiprocketCourier({ apiBase: fake.url, apiKey: 'key-1' });
const shipment = (reference: string) => ({
  reference,
  pickupPin: '110001',
  deliveryPin: '560004',
  recipient: {
    name: 'Asha',
    phone: '9876543210',
    address: '1 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
  },
  weightGrams: 5400,
  box: { lengthCm: 30, widthCm: 30, heightCm: 30 },
  cod: false,
  amountPaise: 49_900,
});

describe('courier adapter', () => {
  it('answers a route: zone, days and COD; unknown PIN codes and unserved routes apart', async () => {
    const c = courier();
    expect(await c.serviceability({ pickupPin: '110001', deliveryPin: '560004', weightGrams: 500 })).toEqual({
      kind: 'served',
      zone: 'C',
      routeDays: 3,
      cod: true,
    });
    expect(
      await c.serviceability({ pickupPin: '110001', deliveryPin: '110005', weightGrams: 500 }),
    ).toMatchObject({
      zone: 'A',
      routeDays: 1,
    });
    expect(
      await c.serviceability({ pickupPin: '110001', deliveryPin: '795002', weightGrams: 500 }),
    ).toMatchObject({
      zone: 'E',
      cod: false,
    });
    expect(await c.serviceability({ pickupPin: '110001', deliveryPin: '999999', weightGrams: 500 })).toEqual({
      kind: 'unknownPin',
      end: 'delivery',
    });
    expect(await c.serviceability({ pickupPin: '110001', deliveryPin: '744003', weightGrams: 500 })).toEqual({
      kind: 'unserviceable',
    });
  });

  it('creates one shipment per reference, with an AWB and a printable label', async () => {
    const c = courier();
    const a = await c.createShipment(shipment('order-1:seller-1'));
    const again = await c.createShipment(shipment('order-1:seller-1'));
    expect(again.awb).toBe(a.awb);
    expect(a.awb).toMatch(/^FX\d{10}$/);
    const pdf = await c.label(a.shipmentId);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a courier that is down is an error worth retrying', async () => {
    fake.controls.failCreates(1);
    await expect(courier().createShipment(shipment('order-2:seller-1'))).rejects.toBeInstanceOf(
      CourierUnavailableError,
    );
    expect((await courier().createShipment(shipment('order-2:seller-1'))).awb).toMatch(/^FX/);
  });

  it('tracking events come by signed webhook and by polling, mapped to our states', async () => {
    const c = courier();
    const { awb } = await c.createShipment(shipment('order-3:seller-1'));
    received.length = 0;
    await fake.controls.advance(awb);
    await fake.controls.advance(awb);
    await fake.controls.duplicate(awb);
    expect(received).toHaveLength(3);
    for (const r of received) {
      expect(signatureValid(Buffer.from(r.body), r.signature, 'secret-of-sixteen-chars')).toBe(true);
      expect(signatureValid(Buffer.from(r.body), r.signature, 'another-secret-of-16')).toBe(false);
    }
    const parsed = received.map((r) => parseCourierWebhook(Buffer.from(r.body)));
    expect(parsed.map((p) => (p.kind === 'event' ? p.event.state : p.kind))).toEqual([
      'shipped',
      'inTransit',
      'inTransit',
    ]);
    expect((await c.track(awb)).map((e) => e.state)).toEqual(['shipped', 'inTransit']);
    const forged = createHmac('sha256', 'wrong').update(received[0]!.body).digest('hex');
    expect(signatureValid(Buffer.from(received[0]!.body), forged, 'secret-of-sixteen-chars')).toBe(false);
  });

  it('a wrong key is refused', async () => {
    const c = createShiprocketCourier({ apiBase: fake.url, apiKey: 'nope' });
    await expect(
      c.serviceability({ pickupPin: '110001', deliveryPin: '560004', weightGrams: 1 }),
    ).rejects.toThrow(/401/);
  });
});
