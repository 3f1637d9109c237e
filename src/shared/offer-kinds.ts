/** Who an offer is for. */
export const offerAudiences = ['everyone', 'new-customers'] as const;
export type OfferAudience = (typeof offerAudiences)[number];

/** none: words only; drawn: the site draws a coupon from the offer's words; uploaded: a photo from the media library. */
export const offerPictureKinds = ['none', 'drawn', 'uploaded'] as const;
export type OfferPictureKind = (typeof offerPictureKinds)[number];
