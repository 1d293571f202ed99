import { COLOURS, type ColourDef } from './attributes';

/** Product pictures as SVG, drawn in the product's colour: wrapping-paper patterns, ribbons, bags, boxes, cards... */
const IMAGE_KINDS = ['wrapping', 'ribbon', 'bag', 'box', 'card', 'envelope', 'tag', 'notebook', 'paper', 'roll'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Parses '/w/r/wrapping-123-rood.svg' (or without the colour) into its parts; undefined when it is not one of ours. */
export function parseImagePath(path: string): { kind: ImageKind; id: number; colour: ColourDef } | undefined {
  const m = /^\/?([a-z])\/([a-z])\/([a-z]+)-(\d{1,9})(?:-([a-z]+))?\.(?:svg|png|jpg|webp)$/.exec(path);
  if (!m) return undefined;
  const [, a, b, kind, idText, colourCode] = m;
  if (!IMAGE_KINDS.includes(kind as ImageKind) || kind?.[0] !== a || kind?.[1] !== b) return undefined;
  const id = Number(idText);
  const colour = colourCode ? COLOURS.find((c) => c.code === colourCode) : COLOURS[id % COLOURS.length];
  if (!colour) return undefined;
  return { kind: kind as ImageKind, id, colour };
}

function motif(id: number, accent: string): string {
  switch (id % 4) {
    case 0: return `<path d="M20 6 L24 16 L35 16 L26 23 L29 34 L20 27 L11 34 L14 23 L5 16 L16 16 Z" fill="${accent}"/>`;
    case 1: return `<circle cx="20" cy="20" r="7" fill="${accent}"/>`;
    case 2: return `<path d="M0 40 L40 0" stroke="${accent}" stroke-width="6"/>`;
    default: return `<path d="M20 30 C5 18 12 6 20 14 C28 6 35 18 20 30 Z" fill="${accent}"/>`;
  }
}

export function renderProductSvg(kind: ImageKind, colour: ColourDef, id: number, w: number, h: number): string {
  const c = colour.hex;
  const a = colour.accent;
  const cx = w / 2;
  const cy = h / 2;
  const s = Math.min(w, h);
  let body: string;
  switch (kind) {
    case 'wrapping':
    case 'roll':
      body = `<defs><pattern id="p${id}" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${c}"/>${motif(id, a)}</pattern></defs>` +
        `<rect width="${w}" height="${h}" fill="url(#p${id})"/>` +
        (kind === 'roll' ? `<ellipse cx="${cx}" cy="${h * 0.85}" rx="${s * 0.3}" ry="${s * 0.08}" fill="#ffffff" opacity="0.6"/>` : '');
      break;
    case 'ribbon':
      body = `<rect width="${w}" height="${h}" fill="#fdfefe"/><rect x="0" y="${cy - s * 0.06}" width="${w}" height="${s * 0.12}" fill="${c}"/>` +
        `<path d="M${cx} ${cy} C${cx - s * 0.35} ${cy - s * 0.35} ${cx - s * 0.35} ${cy + s * 0.2} ${cx} ${cy} C${cx + s * 0.35} ${cy - s * 0.35} ${cx + s * 0.35} ${cy + s * 0.2} ${cx} ${cy} Z" fill="${c}" stroke="${a}" stroke-width="3"/>`;
      break;
    case 'bag':
      body = `<rect width="${w}" height="${h}" fill="#f4f6f6"/><path d="M${w * 0.2} ${h * 0.35} L${w * 0.8} ${h * 0.35} L${w * 0.85} ${h * 0.9} L${w * 0.15} ${h * 0.9} Z" fill="${c}"/>` +
        `<path d="M${w * 0.35} ${h * 0.35} C${w * 0.35} ${h * 0.15} ${w * 0.65} ${h * 0.15} ${w * 0.65} ${h * 0.35}" stroke="${a}" stroke-width="6" fill="none"/>`;
      break;
    case 'box':
      body = `<rect width="${w}" height="${h}" fill="#f4f6f6"/><rect x="${w * 0.2}" y="${h * 0.4}" width="${w * 0.6}" height="${h * 0.45}" fill="${c}"/>` +
        `<rect x="${w * 0.16}" y="${h * 0.32}" width="${w * 0.68}" height="${h * 0.1}" fill="${c}" stroke="${a}" stroke-width="2"/>` +
        `<rect x="${cx - s * 0.04}" y="${h * 0.32}" width="${s * 0.08}" height="${h * 0.53}" fill="${a}"/>`;
      break;
    case 'card':
    case 'tag':
      body = `<rect width="${w}" height="${h}" fill="#fbfcfc"/><rect x="${w * 0.15}" y="${h * 0.15}" width="${w * 0.7}" height="${h * 0.7}" rx="${kind === 'tag' ? s * 0.08 : 2}" fill="${c}"/>` +
        `<rect x="${w * 0.25}" y="${h * 0.45}" width="${w * 0.5}" height="${h * 0.04}" fill="${a}"/><rect x="${w * 0.3}" y="${h * 0.53}" width="${w * 0.4}" height="${h * 0.03}" fill="${a}"/>`;
      break;
    case 'envelope':
      body = `<rect width="${w}" height="${h}" fill="#fbfcfc"/><rect x="${w * 0.1}" y="${h * 0.3}" width="${w * 0.8}" height="${h * 0.4}" fill="${c}"/>` +
        `<path d="M${w * 0.1} ${h * 0.3} L${cx} ${h * 0.55} L${w * 0.9} ${h * 0.3}" stroke="${a}" stroke-width="4" fill="none"/>`;
      break;
    case 'notebook':
    case 'paper':
      body = `<rect width="${w}" height="${h}" fill="#fbfcfc"/><rect x="${w * 0.22}" y="${h * 0.12}" width="${w * 0.56}" height="${h * 0.76}" rx="6" fill="${c}"/>` +
        (kind === 'notebook' ? `<rect x="${w * 0.22}" y="${h * 0.12}" width="${w * 0.06}" height="${h * 0.76}" fill="${a}"/>` : `<rect x="${w * 0.26}" y="${h * 0.16}" width="${w * 0.48}" height="${h * 0.68}" fill="#ffffff" opacity="0.5"/>`);
      break;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${kind} ${colour.label}">${body}</svg>`;
}
