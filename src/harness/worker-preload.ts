// Not imported by anything: a bundle entry (bin/bundle.mjs) naming what a direct run's first sample loads on demand,
// so that the model workers' preloads (bundle/current/preload/) compile it before the test file arrives. Re-exported,
// not imported for effect: the bundler drops an import with no effect. Nothing here may import vitest (the preload
// runs before Vitest's runtime).
export { JarvisDirectBackend } from '../backends/jarvis-direct.ts'
