// The command line of `npm run load` (scripts/load.mjs): which modes, how many concurrent writers,
// and where the emulators are. Every address must be a loopback one: the load test never talks to
// anything but this machine.

export const MODES = ['transaction', 'callables'];

/** Bounds that keep a run short whatever the flags say. */
export const LIMITS = {
  maxN: 200,
  maxPerWriter: 20,
  maxPerWorker: 5,
  maxBursts: 5,
  maxBurstSize: 50,
  maxInFlight: 100,
};

export const DEFAULTS = {
  modes: MODES,
  ns: [10, 50, 100],
  /** Tickets each transaction-mode writer files, one after the other. */
  perWriter: 2,
  /** Tickets each callables-mode worker files per N, one after the other (the hourly limit is 20). */
  perWorker: 2,
  bursts: 3,
  burstSize: 20,
  /** Callables mode: requests at the Functions emulator at once (it runs one process per request). */
  inFlight: 10,
  project: 'demo-ticket-app',
  region: 'europe-central2',
  /** null: start a Firestore emulator of our own on a free port. */
  firestore: null,
  stackFirestore: '127.0.0.1:8080',
  auth: '127.0.0.1:9099',
  functions: '127.0.0.1:5001',
  board: '127.0.0.1:4010',
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * `host:port`, `[::1]:port` or `http://host:port` split into {host, port}; throws a one-line
 * refusal for any host that is not a loopback one.
 */
export function loopbackAddress(value, what) {
  let host;
  let port;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `http://${value}`);
    host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    port = Number(url.port);
  } catch {
    throw new Error(`--${what}=${value} is not host:port`);
  }
  if (!LOOPBACK.has(host)) {
    throw new Error(
      `refusing --${what}=${value}: the load test only talks to 127.0.0.1, localhost or ::1, not ${host}`,
    );
  }
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`--${what}=${value} needs a port`);
  return { host, port };
}

/** `host:port` as a URL authority (IPv6 in brackets). */
export const authorityOf = ({ host, port }) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

function positiveInt(value, what, max) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new Error(`--${what} must be a whole number from 1 to ${max}, not ${value}`);
  }
  return number;
}

export const USAGE = `npm run load [-- options]
  --mode=transaction|callables   one mode (default: both; "both" or a list also works)
  --n=10,50,100                  concurrent writers / workers per step (at most ${LIMITS.maxN})
  --per-writer=${DEFAULTS.perWriter}                   tickets per writer in the transaction mode
  --per-worker=${DEFAULTS.perWorker}                   tickets per worker and N in the callables mode
  --bursts=${DEFAULTS.bursts} --burst-size=${DEFAULTS.burstSize}     duplicate bursts (one requestId each) in the callables mode
  --in-flight=${DEFAULTS.inFlight}                 callables mode: most requests at the Functions emulator at once
  --firestore=HOST:PORT          transaction mode: use this Firestore emulator instead of starting one
  --stack-firestore=HOST:PORT --auth=HOST:PORT --functions=HOST:PORT --board=HOST:PORT
                                 callables mode: the running stack (defaults: npm start's ports)
  --project=demo-ticket-app --region=europe-central2
Every address must be 127.0.0.1, localhost or ::1.`;

/** The options of `argv` (without node and the script); throws a one-line message on a bad flag. */
export function parseOptions(argv) {
  const options = { ...DEFAULTS, help: false };
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      options.help = true;
      continue;
    }
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (!match) throw new Error(`unknown argument ${arg} (npm run load -- --help)`);
    const [, name, value] = match;
    switch (name) {
      case 'mode': {
        const modes = value === 'both' ? MODES : value.split(',').map((mode) => mode.trim());
        const unknown = modes.filter((mode) => !MODES.includes(mode));
        if (unknown.length > 0 || modes.length === 0)
          throw new Error(`--mode must be transaction, callables or both, not ${value}`);
        options.modes = MODES.filter((mode) => modes.includes(mode));
        break;
      }
      case 'n': {
        const ns = value.split(',').map((n) => positiveInt(n.trim(), 'n', LIMITS.maxN));
        options.ns = [...new Set(ns)].sort((a, b) => a - b);
        break;
      }
      case 'per-writer':
        options.perWriter = positiveInt(value, name, LIMITS.maxPerWriter);
        break;
      case 'per-worker':
        options.perWorker = positiveInt(value, name, LIMITS.maxPerWorker);
        break;
      case 'bursts':
        options.bursts = value === '0' ? 0 : positiveInt(value, name, LIMITS.maxBursts);
        break;
      case 'burst-size':
        options.burstSize = positiveInt(value, name, LIMITS.maxBurstSize);
        break;
      case 'in-flight':
        options.inFlight = positiveInt(value, name, LIMITS.maxInFlight);
        break;
      case 'project':
        if (!/^demo-[a-z0-9-]+$/.test(value))
          throw new Error(`--project must be a demo-* project (emulators only), not ${value}`);
        options.project = value;
        break;
      case 'region':
        if (!/^[a-z]+-[a-z]+\d+$/.test(value)) throw new Error(`--region=${value} is no region`);
        options.region = value;
        break;
      case 'firestore':
      case 'stack-firestore':
      case 'auth':
      case 'functions':
      case 'board':
        loopbackAddress(value, name);
        options[name === 'stack-firestore' ? 'stackFirestore' : name] = value;
        break;
      default:
        throw new Error(`unknown option --${name} (npm run load -- --help)`);
    }
  }
  // The defaults are checked as well, so that every address the run uses passed the same test.
  for (const name of ['firestore', 'stackFirestore', 'auth', 'functions', 'board']) {
    if (options[name] !== null) options[name] = loopbackAddress(options[name], name);
  }
  return options;
}
