import sharp from 'sharp';

/**
 * The images Wallet requires when a company has not uploaded its own (icon.png is required; @2x and @3x
 * keep an iPhone from refusing what a Mac opens, WALLET.md): a rounded square in the company's background
 * colour with a ring in its label colour. Rendered once per colour pair and kept.
 */
const ICON_POINTS = 29;

async function icon(background: string, ring: string, scale: number): Promise<Buffer> {
  const size = ICON_POINTS * scale;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${background}"/>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.26}" fill="none" stroke="${ring}" stroke-width="${size * 0.09}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export function defaultPassImages() {
  const rendered = new Map<string, Promise<Record<string, Buffer>>>();
  return (colors: { background: string; label: string }): Promise<Record<string, Buffer>> => {
    const key = `${colors.background}/${colors.label}`;
    let images = rendered.get(key);
    if (!images) {
      images = Promise.all([1, 2, 3].map((scale) => icon(colors.background, colors.label, scale))).then(
        ([x1, x2, x3]) => ({ 'icon.png': x1!, 'icon@2x.png': x2!, 'icon@3x.png': x3! }),
      );
      images.catch(() => rendered.delete(key));
      rendered.set(key, images);
    }
    return images;
  };
}
