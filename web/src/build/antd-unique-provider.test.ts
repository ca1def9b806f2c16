import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdUniqueProviderStub } from './antd-unique-provider';

const require = createRequire(import.meta.url);
const CONFIG_PROVIDER = path.join(
  path.dirname(require.resolve('antd/package.json')),
  'es/config-provider/index.js',
);

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const plugin = antdUniqueProviderStub();
const resolveId = plugin.resolveId as Hook;
const load = plugin.load as Hook;

describe('antdUniqueProviderStub', () => {
  it("stands in for ConfigProvider's import of Tooltip's UniqueProvider, and no other import", () => {
    const stub = resolveId.call({}, '../tooltip/UniqueProvider', CONFIG_PROVIDER);
    expect(stub).toEqual(expect.any(String));
    expect(load.call({}, stub)).toContain('return children');
    const tooltip = path.join(path.dirname(CONFIG_PROVIDER), '../tooltip/index.js');
    expect(resolveId.call({}, '../tooltip/UniqueProvider', tooltip)).toBeNull();
    expect(resolveId.call({}, './UniqueProvider', CONFIG_PROVIDER)).toBeNull();
  });

  it('still matches antd: ConfigProvider imports it by that path and uses it for tooltip.unique only', () => {
    const source = readFileSync(CONFIG_PROVIDER, 'utf8');
    expect(source).toContain("import UniqueProvider from '../tooltip/UniqueProvider';");
    const uses = source
      .split('\n')
      .filter((line) => line.includes('UniqueProvider') && !line.startsWith('import'));
    expect(uses).toEqual([expect.stringContaining('React.createElement(UniqueProvider')]);
    expect(source).toMatch(
      /if \(tooltip\?\.unique\) \{\s*childNode = \/\*#__PURE__\*\/React\.createElement\(UniqueProvider/,
    );
  });

  it('is not needed by the app: its ConfigProvider sets no tooltip option', () => {
    const provider = readFileSync(path.join(__dirname, '../lib/antd-provider.tsx'), 'utf8');
    expect(provider).not.toMatch(/tooltip/i);
  });
});
