// Lint rules, including the import boundaries (docs/architecture.md, "Parts"):
// domain -> web shared code (components, lib, config, i18n, notices) -> features -> app. Import
// cycles are checked by scripts/import-cycles.test.ts, in a second rather than ESLint's 70 s.
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The domain module imports no Firebase and no React: it runs in functions, web and rules tests alike. */
const DOMAIN_IS_PURE = {
  group: ['firebase', 'firebase/*', 'firebase-*', '@firebase/*', 'react', 'react-*'],
  message: 'The domain module is pure: TypeScript and zod only.',
};

const WEB_SHARED = ['components', 'lib', 'config', 'i18n', 'notices', 'testing'];
const WEB_FEATURES = [
  'auth',
  'session',
  'profile',
  'tickets',
  'admin',
  'bug-report',
  'pwa',
  'notifications',
  'safety',
];

const featureZones = WEB_FEATURES.flatMap((feature) => [
  {
    target: `./web/src/${feature}`,
    from: './web/src',
    except: [`./${feature}`, ...WEB_SHARED.map((shared) => `./${shared}`)],
    message: 'A feature imports only itself and shared code; move what two features need down a level.',
  },
]);

// Firebase only in the data files; antd only inside the UI kit (web/src/components/ui) and the
// theme provider: features take every control from the kit.
const FIREBASE_IMPORTS = {
  group: ['firebase/*'],
  message: 'Only a feature api.ts/data.ts (or lib/firebase) touches Firebase.',
};
const ANTD_IMPORTS = {
  group: ['antd', 'antd/*', '@ant-design/*'],
  message:
    'Take controls from web/src/components/ui (one file per control); only the kit and the theme provider use antd.',
};
const ANTD_OWNERS = ['web/src/components/ui/**', 'web/src/lib/antd-provider.tsx', 'web/src/lib/theme.ts'];

const sharedZones = WEB_SHARED.map((shared) => ({
  target: `./web/src/${shared}`,
  from: [...WEB_FEATURES.map((feature) => `./web/src/${feature}`), './web/src/app'],
  message: 'Shared code must not import features or the app.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'functions/lib/**',
      'web/dist/**',
      'web/dev-dist/**',
      'web/dist-e2e-session/**',
      '.tmp/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.js', '.mjs', '.ts', '.tsx'] } } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['eslint.config.js'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['functions/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DOMAIN_IS_PURE,
            { group: ['../*', '!../domain'], message: 'The domain module imports nothing outside itself.' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time is a parameter in the domain module.' },
      ],
    },
  },
  {
    // A folder inside the domain (operations/) may import its parent, still nothing outside the domain.
    files: ['functions/src/domain/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DOMAIN_IS_PURE,
            { group: ['../../*'], message: 'The domain module imports nothing outside itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [{ target: './functions', from: './web', message: 'Functions never import web code.' }] },
      ],
    },
  },
  {
    // Plain scripts the generated service worker imports (web push, the outbox's Background Sync).
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            ...sharedZones,
            {
              target: './web/src',
              from: './functions/src',
              except: ['./domain'],
              message: 'Web imports only the domain module from functions.',
            },
          ],
        },
      ],
      'no-restricted-imports': ['error', { patterns: [FIREBASE_IMPORTS, ANTD_IMPORTS] }],
    },
  },
  {
    files: [
      'web/src/**/api.ts',
      'web/src/**/api/*.ts',
      'web/src/**/data.ts',
      'web/src/lib/firebase*.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/src/**/testing/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [ANTD_IMPORTS] }] },
  },
  {
    files: ANTD_OWNERS,
    rules: { 'no-restricted-imports': ['error', { patterns: [FIREBASE_IMPORTS] }] },
  },
);
