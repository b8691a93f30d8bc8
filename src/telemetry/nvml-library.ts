// The NVML C API through koffi: loading libnvidia-ml.so.1 and declaring the nine functions we call.
// Signatures and units: shared/reference/infer-lab.md §6. koffi is imported lazily, so a run with telemetry
// off never loads it. Types are anonymous koffi objects (not named), so opening NVML twice in one process
// does not trip koffi's "duplicate type name" check.
import type * as KoffiModule from 'koffi'
import type { LibraryHandle, TypeObject } from 'koffi'

type Koffi = typeof KoffiModule
/** koffi's TypeSpec (a type name, a type object or an in/out marker); the .d.ts does not export it. */
type Spec = Parameters<Koffi['out']>[0]

/** The soname the NVIDIA driver installs; loading by soname lets LD_LIBRARY_PATH pick another copy. */
export const NVML_SONAME = 'libnvidia-ml.so.1'

export const NVML_SUCCESS = 0
export const NVML_ERROR_NOT_SUPPORTED = 3
/** Return codes worth naming in a message (nvml.h); the library's own nvmlErrorString gives the text. */
const CODE_NAMES: Record<number, string> = {
  1: 'UNINITIALIZED', 2: 'INVALID_ARGUMENT', 3: 'NOT_SUPPORTED', 4: 'NO_PERMISSION', 7: 'INSUFFICIENT_SIZE',
  9: 'DRIVER_NOT_LOADED', 12: 'LIBRARY_NOT_FOUND', 15: 'GPU_IS_LOST', 18: 'LIB_RM_VERSION_MISMATCH', 999: 'UNKNOWN',
}

type Out<T> = [T]
export interface NvmlUtilization { gpu: number; memory: number }
export interface NvmlMemory { total: number | bigint; free: number | bigint; used: number | bigint }

export interface NvmlFunctions {
  init(): number
  shutdown(): number
  errorString(code: number): string
  count(out: Out<number>): number
  handle(index: number, out: Out<unknown>): number
  name(device: unknown, buf: Buffer, length: number): number
  /** Milliwatts. */
  power(device: unknown, out: Out<number>): number
  /** Millijoules since the driver was loaded; koffi gives a number below 2^53, a bigint above. */
  energy(device: unknown, out: Out<number | bigint>): number
  util(device: unknown, out: Out<NvmlUtilization>): number
  mem(device: unknown, out: Out<NvmlMemory>): number
  decodeString(buf: Buffer): string
}

export type LoadNvmlResult = { ok: true; nvml: NvmlFunctions } | { ok: false; reason: string }

/** dlopen()s NVML and declares its functions. A missing library or symbol is a reason, never a throw. */
export async function loadNvml(library = NVML_SONAME): Promise<LoadNvmlResult> {
  let koffi: Koffi
  try {
    const mod = (await import('koffi')) as unknown as Koffi & { default?: Koffi }
    koffi = mod.default ?? mod
  } catch (e) {
    return { ok: false, reason: `koffi could not be loaded (${firstLine(e)})` }
  }
  let lib: LibraryHandle
  try {
    lib = koffi.load(library)
  } catch (e) {
    // koffi: "Failed to load shared library: cannot open shared object file: No such file or directory"
    const why = firstLine(e).replace(/^Failed to load shared library: /, '').replace(/: No such file or directory$/, '')
    return { ok: false, reason: `${library}: ${why}` }
  }
  try {
    return { ok: true, nvml: declare(koffi, lib) }
  } catch (e) {
    return { ok: false, reason: `${library}: ${firstLine(e)}` }
  }
}

function declare(koffi: Koffi, lib: LibraryHandle): NvmlFunctions {
  const device: TypeObject = koffi.pointer(koffi.opaque())
  const u32 = 'unsigned int'
  const u64 = 'unsigned long long'
  const utilization = koffi.struct({ gpu: u32, memory: u32 })
  const memory = koffi.struct({ total: u64, free: u64, used: u64 })
  const out = (t: Spec) => koffi.out(koffi.pointer(t))
  const f = (name: string, args: Spec[]) => lib.func(name, 'int', args)
  return {
    init: f('nvmlInit_v2', []),
    shutdown: f('nvmlShutdown', []),
    errorString: lib.func('nvmlErrorString', 'const char *', ['int']),
    count: f('nvmlDeviceGetCount_v2', [out(u32)]),
    handle: f('nvmlDeviceGetHandleByIndex_v2', [u32, out(device)]),
    name: f('nvmlDeviceGetName', [device, 'char *', u32]),
    power: f('nvmlDeviceGetPowerUsage', [device, out(u32)]),
    energy: f('nvmlDeviceGetTotalEnergyConsumption', [device, out(u64)]),
    util: f('nvmlDeviceGetUtilizationRates', [device, out(utilization)]),
    mem: f('nvmlDeviceGetMemoryInfo', [device, out(memory)]),
    decodeString: (buf) => koffi.decode(buf, 'char', -1) as string,
  }
}

/** "Driver Not Loaded (NVML error 9 DRIVER_NOT_LOADED)": the library's text plus the code, for one-line reasons. */
export function describeNvmlError(nvml: NvmlFunctions, code: number): string {
  let text = ''
  try {
    text = nvml.errorString(code) ?? ''
  } catch {
    // a broken library: the code alone still identifies the failure
  }
  const name = CODE_NAMES[code] ? ` ${CODE_NAMES[code]}` : ''
  return `${text || 'error'} (NVML error ${code}${name})`
}

/** koffi returns u64 as a number when it fits in 2^53 and as a bigint above: counters are kept as bigint. */
export function toBigInt(x: number | bigint): bigint {
  return typeof x === 'bigint' ? x : BigInt(Math.trunc(x))
}

function firstLine(e: unknown): string {
  return String(e instanceof Error ? e.message : e).split('\n')[0]
}
