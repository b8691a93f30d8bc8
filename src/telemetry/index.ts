// Public surface of telemetry: the harness creates one per worker, opens a span per sample around inference.
export { createTelemetry, ENERGY_VENDORS, type CreateTelemetryOptions, type EnergyVendor } from './create-telemetry.ts'
export type { DeviceTelemetry } from './device-telemetry.ts'
export { TelemetryTotalsSchema, type TelemetryTotals } from '../core/telemetry-totals.ts'
export { computeEfficiency, hardwareFromModel, type Efficiency, type EfficiencyInput, type HardwareParams } from './efficiency.ts'
