// Types of scripts/png.mjs for the TypeScript tests that import it.
export function crc32(buf: Uint8Array): number;
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => readonly [number, number, number, number]): Buffer;
export function readPngHeader(buf: Buffer): { width: number; height: number; bitDepth: number; colourType: number };
