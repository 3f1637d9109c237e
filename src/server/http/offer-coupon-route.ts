// The drawn coupon of an offer, at an address naming a hash of its words (offer-coupons.ts): kept a year
// by browsers, since new words make a new address. An ended offer's coupon is gone with the offer.
import type { FastifyInstance } from 'fastify';
import { drawingToPng } from '../media/image-worker.ts';
import { drawnCouponAt } from '../services/offers.ts';
import { couponHash } from '../services/offer-coupons.ts';

/** The few coupons the site shows, drawn once each; a bound, since old words leave entries behind. */
const KEPT_DRAWINGS = 20;

export async function offerCouponRoute(fastify: FastifyInstance) {
  const drawn = new Map<string, Promise<Buffer>>();

  fastify.get<{ Params: { id: string; file: string } }>('/offers/:id/:file', async (request, reply) => {
    const id = Number(request.params.id);
    const svg =
      Number.isSafeInteger(id) && id > 0 && /^[\w-]+\.[0-9a-f]{12}\.png$/.test(request.params.file)
        ? await drawnCouponAt(fastify.db, id, request.url.split('?')[0]!, fastify.clock())
        : null;
    if (!svg) return reply.status(404).send({ success: false, message: 'No such coupon' });
    const hash = couponHash(svg);
    let png = drawn.get(hash);
    if (!png) {
      png = drawingToPng(svg);
      drawn.set(hash, png);
      png.catch(() => drawn.delete(hash));
      for (const oldest of drawn.keys()) {
        if (drawn.size <= KEPT_DRAWINGS) break;
        drawn.delete(oldest);
      }
    }
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(await png);
  });
}
