import { readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'

/** Reads a PNG's size and its decoded pixel rows (8-bit RGB/RGBA, non-interlaced: what Chromium writes). */
export function readPng(path: string): { width: number; height: number; channels: number; pixels: Uint8Array } {
  const buf = readFileSync(path)
  if (buf.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error(`${path} is not a PNG`)
  let off = 8
  let width = 0
  let height = 0
  let channels = 0
  const idat: Buffer[] = []
  while (off < buf.length) {
    const len = buf.readUInt32BE(off)
    const type = buf.toString('ascii', off + 4, off + 8)
    const data = buf.subarray(off + 8, off + 8 + len)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      channels = { 2: 3, 6: 4 }[data[9]] ?? 0
      if (data[8] !== 8 || !channels || data[12] !== 0) throw new Error('only 8-bit RGB/RGBA non-interlaced PNGs are handled')
    } else if (type === 'IDAT') idat.push(data)
    off += 12 + len
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const pixels = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0
      const p = a + b - c
      const pred = filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? (Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c) : 0
      pixels[y * stride + x] = (line[x] + pred) & 0xff
    }
  }
  return { width, height, channels, pixels }
}

/** Distinct colours (RGB, quantised to 4 bits a channel) and the share of non-background pixels. */
export function pngStats(png: ReturnType<typeof readPng>): { colours: number; inkShare: number } {
  const seen = new Set<number>()
  let ink = 0
  const n = png.width * png.height
  for (let i = 0; i < n; i++) {
    const o = i * png.channels
    const [r, g, b] = [png.pixels[o], png.pixels[o + 1], png.pixels[o + 2]]
    seen.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4))
    if (r < 235 || g < 235 || b < 235) ink++
  }
  return { colours: seen.size, inkShare: ink / n }
}
