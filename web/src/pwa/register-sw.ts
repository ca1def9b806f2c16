// The only import of the plugin's virtual module. The test runner has no PWA plugin to resolve
// `virtual:pwa-register`, so tests mock this file instead (a vi.mock of the virtual id alone cannot help:
// Vite fails to resolve the import before the mock applies).
export { registerSW } from 'virtual:pwa-register';
export type { RegisterSWOptions } from 'virtual:pwa-register';
