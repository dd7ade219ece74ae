import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeVariants } from './jobs.js';

/**
 * The image sizes the job makes: turned as the EXIF orientation says, no larger than asked,
 * and with every piece of metadata gone (a phone photo's GPS position above all).
 */
async function phonePhoto(): Promise<Buffer> {
  // 1600 × 1200 as stored, orientation 6: shown turned, 1200 wide and 1600 high, with a GPS position
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '36/1 49/1 0/1' },
    })
    .toBuffer();
}

describe('image variants', () => {
  it('the test photo really carries a GPS position and an orientation', async () => {
    const meta = await sharp(await phonePhoto()).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.toString('latin1')).toContain('PhoneMaker');
    // the GPS IFD pointer (tag 0x8825) is in the EXIF block
    expect(meta.exif!.includes(Buffer.from([0x25, 0x88])) || meta.exif!.includes(Buffer.from([0x88, 0x25]))).toBe(true);
  });

  it('turns the image upright, resizes it and strips all metadata, GPS included', async () => {
    const { made, width, height } = await makeVariants(await phonePhoto(), '1/abc');
    expect({ width, height }).toEqual({ width: 1200, height: 1600 });
    expect(made.map((m) => [m.variant, m.key, m.mime, m.width, m.height])).toEqual([
      ['thumb', '1/abc/thumb.webp', 'image/webp', 240, 320],
      ['medium', '1/abc/medium.jpg', 'image/jpeg', 960, 1280],
      ['webp', '1/abc/webp.webp', 'image/webp', 960, 1280],
    ]);
    for (const m of made) {
      const meta = await sharp(m.data).metadata();
      expect(meta.exif, m.variant).toBeUndefined();
      expect(meta.xmp, m.variant).toBeUndefined();
      expect(meta.orientation ?? 1, m.variant).toBe(1);
      expect(m.data.toString('latin1')).not.toContain('PhoneMaker');
      expect(m.data.toString('latin1')).not.toContain('GPS');
    }
  });

  it('never enlarges a small image and keeps transparency as PNG', async () => {
    const small = await sharp({ create: { width: 100, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const { made } = await makeVariants(small, '1/x');
    expect(made.map((m) => [m.variant, m.mime, m.width, m.height])).toEqual([
      ['thumb', 'image/webp', 100, 50],
      ['medium', 'image/png', 100, 50],
      ['webp', 'image/webp', 100, 50],
    ]);
    expect((await sharp(made[1].data).metadata()).hasAlpha).toBe(true);
  });

  it('refuses bytes that do not decode', async () => {
    await expect(makeVariants(Buffer.from('\xff\xd8\xff not really a jpeg', 'latin1'), '1/y')).rejects.toThrow();
  });
});
