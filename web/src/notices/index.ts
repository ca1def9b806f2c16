export { NoticesProvider, type NoticesProviderProps, preloadNoticeStack } from './notices-provider';
export { useNotices } from './notices-context';
export type {
  Notice,
  NoticeAction,
  NoticeInput,
  NoticeOptions,
  NoticePatch,
  NoticesApi,
  NoticeType,
} from './notice-types';
export { type OperationResult, type OperationTexts, useOperation } from './use-operation';
