/**
 * Layer rules of Vivace (docs/architecture.md §Layers). Each layer may import only the layers
 * listed for it; cycles are forbidden everywhere. `npm run lint` fails on any violation.
 */
const layers = {
  common: [],
  types: ['common'],
  data: ['common', 'types'],
  spi: ['common', 'types', 'data'],
  sql: ['common'],
  functions: ['common', 'types', 'data'],
  analyzer: ['common', 'types', 'spi', 'sql', 'functions'],
  planner: ['common', 'types', 'spi', 'sql', 'functions', 'analyzer'],
  execution: ['common', 'types', 'data', 'spi', 'functions', 'planner'],
  connectors: ['common', 'types', 'data', 'spi'],
  client: ['common', 'types'],
  server: [
    'common',
    'types',
    'data',
    'spi',
    'sql',
    'functions',
    'analyzer',
    'planner',
    'execution',
    'connectors',
    'client',
  ],
  bin: [
    'common',
    'types',
    'data',
    'spi',
    'sql',
    'functions',
    'analyzer',
    'planner',
    'execution',
    'connectors',
    'client',
    'server',
  ],
};

/**
 * The server's sub-layers (docs/architecture.md §2), bottom to top: each may import only the ones
 * listed for it. `protocol` is what coordinator and worker share; `startup` wires everything.
 */
const serverLayers = {
  protocol: [],
  metadata: ['protocol'],
  cluster: ['protocol'],
  security: ['protocol', 'metadata'],
  task: ['protocol', 'metadata'],
  worker: ['protocol', 'metadata', 'security', 'cluster', 'task'],
  scheduler: ['protocol', 'metadata', 'security', 'cluster', 'task', 'worker'],
  query: ['protocol', 'metadata', 'security', 'cluster', 'task', 'worker', 'scheduler'],
  coordinator: ['protocol', 'metadata', 'security', 'cluster', 'task', 'worker', 'scheduler', 'query'],
  startup: ['protocol', 'metadata', 'security', 'cluster', 'task', 'worker', 'scheduler', 'query', 'coordinator'],
};

const allLayers = Object.keys(layers);
const layerRules = allLayers.map((layer) => {
  const forbidden = allLayers.filter((other) => other !== layer && !layers[layer].includes(other));
  return {
    name: `layer-${layer}`,
    comment: `src/${layer} may import only: ${layers[layer].join(', ') || '(nothing outside itself)'}`,
    severity: 'error',
    from: { path: `^src/${layer}/` },
    to: { path: `^src/(${forbidden.join('|')})/` },
  };
});

const allServerLayers = Object.keys(serverLayers);
const serverLayerRules = allServerLayers.map((layer) => {
  const forbidden = allServerLayers.filter((other) => other !== layer && !serverLayers[layer].includes(other));
  return {
    name: `server-layer-${layer}`,
    comment: `src/server/${layer} may import only: ${serverLayers[layer].join(', ') || '(nothing else in src/server)'}`,
    severity: 'error',
    from: { path: `^src/server/${layer}/` },
    to: { path: `^src/server/(${forbidden.join('|')})/` },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles make layers meaningless and initialisation order fragile.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unknown-layer',
      comment: 'Every source file lives in a known layer folder.',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${allLayers.join('|')})/` },
      to: {},
    },
    {
      name: 'no-test-imports-from-src',
      comment: 'Production code never imports tests or benchmarks.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    ...layerRules,
    {
      name: 'no-unknown-server-layer',
      comment: 'Every server file lives in one of the server sub-layer folders.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: `^src/server/(${allServerLayers.join('|')})/` },
      to: {},
    },
    ...serverLayerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
