import sharp from 'sharp';

/** A 4000 x 3000 JPEG with a photo's grain, as a phone's camera writes one (about 4 MB). */
export function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#5a6b7c',
      noise: { type: 'gaussian', mean: 120, sigma: 12 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}
