export { PWA_UPDATE_NOTICE_ID, PwaUpdatePrompt, type PwaUpdatePromptProps } from './pwa-update-prompt';
export { type PwaUpdateState, type UsePwaUpdateOptions, usePwaUpdate } from './use-pwa-update';
export { PWA_VERSION_STORAGE_KEY } from './update-check';
