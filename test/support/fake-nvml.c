/* Fake NVML: the same exported names, signatures and units as the real libnvidia-ml.so.1, with values from
 * environment variables (read at each call), so NVML-calling code can be tested without a GPU.
 * Started from shared/reference/infer-lab.md Appendix B; extended for the telemetry tests.
 *   FAKE_NVML_DEVICE_COUNT (default 1)
 *   FAKE_NVML_POWER_MW (default 350000 = 350 W); device i adds 1000*i mW
 *   FAKE_NVML_POWER_RAMP_MW_PER_S (default 0): power grows linearly from load time (energy stays its integral)
 *   FAKE_NVML_ENERGY_OFFSET_MJ (default 1000000): counter value at load; above 2^53 koffi returns a bigint
 *   FAKE_NVML_ENERGY_UNSUPPORTED=1: nvmlDeviceGetTotalEnergyConsumption returns NOT_SUPPORTED (pre-Volta GPU)
 *   FAKE_NVML_UTIL_GPU / FAKE_NVML_UTIL_MEM (percent, default 87 / 42); device i subtracts 10*i from gpu
 *   FAKE_NVML_MEM_TOTAL_MIB (default 143771)  FAKE_NVML_MEM_USED_MIB (default 20480)
 *   FAKE_NVML_NAME (default "NVIDIA H200")
 *   FAKE_NVML_FAIL_INIT=<code>: nvmlInit_v2 returns that code (9 = DRIVER_NOT_LOADED, ...)
 *   FAKE_NVML_FAIL=<fn>:<code>[,<fn>:<code>]: fn in count, handle, name, power, energy, util, mem
 * Energy (mJ) = offset + integral of the power since the library was loaded (monotonic clock). */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef int nvmlReturn_t;                   /* enum in nvml.h: an int-sized value */
typedef struct nvmlDevice_st *nvmlDevice_t; /* opaque pointer */
typedef struct { unsigned int gpu, memory; } nvmlUtilization_t;        /* percent */
typedef struct { unsigned long long total, free, used; } nvmlMemory_t; /* bytes */
enum { NVML_SUCCESS = 0, NVML_ERROR_UNINITIALIZED = 1, NVML_ERROR_INVALID_ARGUMENT = 2,
       NVML_ERROR_NOT_SUPPORTED = 3, NVML_ERROR_INSUFFICIENT_SIZE = 7, NVML_ERROR_DRIVER_NOT_LOADED = 9,
       NVML_ERROR_UNKNOWN = 999 };
#define API __attribute__((visibility("default")))
#define MAXDEV 16
static struct nvmlDevice_st { int index; } devices[MAXDEV];
static int init_count = 0;
static struct timespec t_load;

__attribute__((constructor)) static void on_load(void) { clock_gettime(CLOCK_MONOTONIC, &t_load); }
static long envl(const char *k, long d) { const char *v = getenv(k); return v && *v ? strtol(v, NULL, 10) : d; }
static int ndev(void) { long n = envl("FAKE_NVML_DEVICE_COUNT", 1); return n < 0 ? 0 : n > MAXDEV ? MAXDEV : (int)n; }
static int dev_ok(nvmlDevice_t d) { return d >= &devices[0] && d < &devices[ndev()]; }
static double since_load(void) {
  struct timespec now; clock_gettime(CLOCK_MONOTONIC, &now);
  return (now.tv_sec - t_load.tv_sec) + (now.tv_nsec - t_load.tv_nsec) / 1e9;
}
/* FAKE_NVML_FAIL="power:15,energy:3": the code configured for fn, or 0 */
static nvmlReturn_t fail_code(const char *fn) {
  const char *v = getenv("FAKE_NVML_FAIL"); size_t n = strlen(fn);
  while (v && *v) {
    if (strncmp(v, fn, n) == 0 && v[n] == ':') return (nvmlReturn_t)strtol(v + n + 1, NULL, 10);
    v = strchr(v, ','); if (v) v++;
  }
  return NVML_SUCCESS;
}
#define CHECK(fn, d, p) do { if (!init_count) return NVML_ERROR_UNINITIALIZED; \
  if (!dev_ok(d) || !(p)) return NVML_ERROR_INVALID_ARGUMENT; \
  nvmlReturn_t f_ = fail_code(fn); if (f_) return f_; } while (0)
static double base_mw(int idx) { return (double)envl("FAKE_NVML_POWER_MW", 350000) + 1000.0 * idx; }
static double ramp(void) { return (double)envl("FAKE_NVML_POWER_RAMP_MW_PER_S", 0); }

API nvmlReturn_t nvmlInit_v2(void) {
  long fail = envl("FAKE_NVML_FAIL_INIT", 0); if (fail) return (nvmlReturn_t)fail;
  for (int i = 0; i < MAXDEV; i++) devices[i].index = i;
  init_count++; return NVML_SUCCESS;
}
API nvmlReturn_t nvmlInit(void) { return nvmlInit_v2(); }
API nvmlReturn_t nvmlShutdown(void) { if (!init_count) return NVML_ERROR_UNINITIALIZED; init_count--; return NVML_SUCCESS; }
API const char *nvmlErrorString(nvmlReturn_t r) {
  switch (r) { case 0: return "Success"; case 1: return "Uninitialized"; case 2: return "Invalid Argument";
    case 3: return "Not Supported"; case 4: return "Insufficient Permissions"; case 7: return "Insufficient Size";
    case 9: return "Driver Not Loaded"; case 12: return "NVML Shared Library Not Found"; case 15: return "GPU is lost";
    case 18: return "RM has detected an NVML/RM version mismatch"; default: return "Unknown Error"; }
}
API nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) {
  if (!init_count) return NVML_ERROR_UNINITIALIZED;
  if (!count) return NVML_ERROR_INVALID_ARGUMENT;
  nvmlReturn_t f = fail_code("count"); if (f) return f;
  *count = (unsigned int)ndev(); return NVML_SUCCESS;
}
API nvmlReturn_t nvmlDeviceGetCount(unsigned int *count) { return nvmlDeviceGetCount_v2(count); }
API nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device) {
  if (!init_count) return NVML_ERROR_UNINITIALIZED;
  if (!device || index >= (unsigned int)ndev()) return NVML_ERROR_INVALID_ARGUMENT;
  nvmlReturn_t f = fail_code("handle"); if (f) return f;
  *device = &devices[index]; return NVML_SUCCESS;
}
API nvmlReturn_t nvmlDeviceGetHandleByIndex(unsigned int index, nvmlDevice_t *device) { return nvmlDeviceGetHandleByIndex_v2(index, device); }
API nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t d, char *name, unsigned int length) {
  CHECK("name", d, name); const char *n = getenv("FAKE_NVML_NAME"); if (!n || !*n) n = "NVIDIA H200";
  if (strlen(n) + 1 > length) return NVML_ERROR_INSUFFICIENT_SIZE;
  memcpy(name, n, strlen(n) + 1); return NVML_SUCCESS;
}
API nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t d, unsigned int *power) { /* milliwatts */
  CHECK("power", d, power); double p = base_mw(d->index) + ramp() * since_load();
  *power = p < 0 ? 0u : (unsigned int)p; return NVML_SUCCESS;
}
API nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t d, unsigned long long *energy) { /* millijoules */
  CHECK("energy", d, energy);
  if (envl("FAKE_NVML_ENERGY_UNSUPPORTED", 0)) return NVML_ERROR_NOT_SUPPORTED;
  const char *o = getenv("FAKE_NVML_ENERGY_OFFSET_MJ");
  unsigned long long offset = o && *o ? strtoull(o, NULL, 10) : 1000000ULL; /* 1 kJ already used at load */
  double s = since_load();
  *energy = offset + (unsigned long long)(s * base_mw(d->index) + ramp() * s * s / 2); /* mW*s = mJ */
  return NVML_SUCCESS;
}
API nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t d, nvmlUtilization_t *u) { /* percent, last period */
  CHECK("util", d, u); long g = envl("FAKE_NVML_UTIL_GPU", 87) - 10L * d->index;
  u->gpu = g < 0 ? 0u : (unsigned int)g; u->memory = (unsigned int)envl("FAKE_NVML_UTIL_MEM", 42);
  return NVML_SUCCESS;
}
API nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t d, nvmlMemory_t *m) { /* bytes */
  CHECK("mem", d, m); unsigned long long mib = 1024ULL * 1024ULL;
  m->total = (unsigned long long)envl("FAKE_NVML_MEM_TOTAL_MIB", 143771) * mib;
  m->used = (unsigned long long)envl("FAKE_NVML_MEM_USED_MIB", 20480) * mib;
  m->free = m->total > m->used ? m->total - m->used : 0; return NVML_SUCCESS;
}
API nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length) {
  if (!version) return NVML_ERROR_INVALID_ARGUMENT;
  if (length < 12) return NVML_ERROR_INSUFFICIENT_SIZE;
  strcpy(version, "550.00-fake"); return NVML_SUCCESS;
}
