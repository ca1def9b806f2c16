import type { Plugin } from 'vite';

const STUB_ID = '\0antd-unique-provider-stub';

/**
 * antd's ConfigProvider imports Tooltip's UniqueProvider, which brings all of @rc-component/trigger
 * (its popup, alignment and portal code), for one option only: `tooltip.unique`. The app never sets
 * it (lib/antd-provider.tsx), so for ConfigProvider's import alone a stub that renders its children
 * stands in. Tooltips, selects and menus that a screen uses still import the real trigger.
 */
export function antdUniqueProviderStub(): Plugin {
  return {
    name: 'antd-unique-provider-stub',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../tooltip/UniqueProvider' &&
        importer &&
        /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)
      ) {
        return STUB_ID;
      }
      return null;
    },
    load(id) {
      return id === STUB_ID
        ? 'export default function UniqueProvider({ children }) { return children; }'
        : null;
    },
  };
}
