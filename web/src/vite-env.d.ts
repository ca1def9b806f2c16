/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  readonly VITE_FIREBASE_VAPID_KEY?: string;
  readonly VITE_TOKEN_SYNC_URL?: string;
}
