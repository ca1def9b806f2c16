import { describe, expect, it } from 'vitest';
import { assignAccounts } from './accounts.mjs';
import { DEFAULTS, loopbackAddress, parseOptions } from './options.mjs';
import { countsText, duplicatesOf, latencySummary, percentile } from './stats.mjs';

describe('load test options', () => {
  it('runs both modes at N = 10, 50, 100 on the default loopback ports', () => {
    const options = parseOptions([]);
    expect(options.modes).toEqual(['transaction', 'callables']);
    expect(options.ns).toEqual([10, 50, 100]);
    expect(options.firestore).toBeNull();
    expect(options.functions).toEqual({ host: '127.0.0.1', port: 5001 });
    expect(options.perWorker).toBe(DEFAULTS.perWorker);
  });

  it('takes one mode and a list of N', () => {
    const options = parseOptions(['--mode=callables', '--n=50,10,50']);
    expect(options.modes).toEqual(['callables']);
    expect(options.ns).toEqual([10, 50]);
  });

  it('accepts 127.0.0.1, localhost and ::1', () => {
    expect(loopbackAddress('localhost:8080', 'firestore')).toEqual({ host: 'localhost', port: 8080 });
    expect(loopbackAddress('[::1]:8080', 'firestore')).toEqual({ host: '::1', port: 8080 });
    expect(loopbackAddress('http://127.0.0.1:5001', 'functions')).toEqual({ host: '127.0.0.1', port: 5001 });
  });

  it('refuses any other host with one line', () => {
    for (const flag of [
      '--firestore=10.0.0.5:8080',
      '--functions=https://europe-central2-demo.cloudfunctions.net:443',
      '--auth=0.0.0.0:9099',
      '--board=127.0.0.2:4010',
    ]) {
      expect(() => parseOptions([flag])).toThrow(
        /^refusing --[a-z]+=.*only talks to 127\.0\.0\.1, localhost or ::1/,
      );
    }
  });

  it('refuses unknown flags, non-demo projects and counts beyond its bounds', () => {
    expect(() => parseOptions(['--mode=everything'])).toThrow(/--mode/);
    expect(() => parseOptions(['--n=0'])).toThrow(/--n/);
    expect(() => parseOptions(['--n=5000'])).toThrow(/--n/);
    expect(() => parseOptions(['--project=my-real-project'])).toThrow(/demo-/);
    expect(() => parseOptions(['--fast'])).toThrow(/unknown argument/);
  });
});

describe('load test figures', () => {
  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(10);
    expect(percentile(values, 95)).toBe(19);
    expect(percentile([], 95)).toBeNull();
    expect(latencySummary([30, 10, 20])).toEqual({ p50: 20, p95: 30, max: 30 });
  });

  it('counts repeated values and messages', () => {
    expect(duplicatesOf(['T-1', 'T-2', 'T-1', 'T-1'])).toEqual(['T-1']);
    expect(countsText(['a', 'b', 'b'])).toBe('b ×2; a ×1');
  });
});

describe('load test accounts', () => {
  it('gives each step accounts with room under the hourly limit, lowest first', () => {
    // Account 2 has 3 submissions left this hour, account 3 none; the others are new (20).
    const budgets = new Map([
      [2, 3],
      [3, 0],
    ]);
    const steps = assignAccounts(
      [
        { count: 3, perAccount: 2 },
        { count: 2, perAccount: 2 },
        { count: 2, perAccount: 1 },
      ],
      budgets,
      20,
    );
    expect(steps).toEqual([
      [1, 2, 4],
      [1, 4],
      [1, 2],
    ]);
    expect(budgets.get(1)).toBe(15);
    expect(budgets.get(2)).toBe(0);
  });
});
