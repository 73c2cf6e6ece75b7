// A photo-like test image for the media bench and the cluster's KEDA check: the encodes of its
// variants cost what a real photo's do (a flat colour would make every size tiny).
import sharp from 'sharp'

/** A photo-like 2,400 × 1,600 JPEG (smooth noise in colour, different for each i), as a camera gives. */
export async function photo(i) {
  const small = await sharp({
    create: {
      width: 240,
      height: 160,
      channels: 3,
      noise: { type: 'gaussian', mean: 110 + (i % 5) * 20, sigma: 60 },
    },
  })
    .blur(1.5)
    .png()
    .toBuffer()
  return sharp(small)
    .resize(2400, 1600, { kernel: 'cubic' })
    .modulate({ hue: (i * 37) % 360 })
    .jpeg({ quality: 85 })
    .toBuffer()
}
