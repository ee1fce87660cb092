/**
 * The layers of lib/ and the one direction their imports may point (docs/architecture.md draws them).
 * `npm test` runs this (npm run lint:deps): an import against these rules fails the test run.
 *
 *   core      keys, layout, Philox, job, types, validation, math        imports nothing above it
 *   kernels   the CPU specification kernels                              core
 *   wasm      the WebAssembly fast kernels                               core, kernels
 *   native    the addon's loader and its host SIMD fast kernels          core
 *   samplers  the registry: one module per sampler                       core, kernels, wasm, native
 *   backend   cpu/ and cuda/ (never each other), select.ts above both    core, kernels, wasm, native, samplers
 *   facade    the public functions, DeviceArray                          core, samplers, backend/select|types
 *   features  alias, xorwow, mrg32k3a, sobol, permute                    the above (own folder only)
 *   generator the Generator                                              the above and the features it offers
 *   top       index.ts, cli/                                             anything
 */
const BELOW_FACADE = 'core|kernels|wasm|native|samplers';
const SELECT = '^lib/backend/(select|types)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'core-imports-core',
      comment: 'lib/core is the bottom layer: it imports nothing else of lib/.',
      severity: 'error',
      from: { path: '^lib/core/' },
      to: { path: '^lib/', pathNot: '^lib/core/' },
    },
    {
      name: 'kernels-import-core',
      comment: 'The CPU specification kernels build on core only.',
      severity: 'error',
      from: { path: '^lib/kernels/' },
      to: { path: '^lib/', pathNot: '^lib/(core|kernels)/' },
    },
    {
      name: 'wasm-imports-core-and-kernels',
      severity: 'error',
      from: { path: '^lib/wasm/' },
      to: { path: '^lib/', pathNot: '^lib/(core|kernels|wasm)/' },
    },
    {
      name: 'native-imports-core',
      comment: 'The addon loader and the host SIMD kernels build on core only (the backends and samplers reach the addon through them).',
      severity: 'error',
      from: { path: '^lib/native/' },
      to: { path: '^lib/', pathNot: '^lib/(core|native)/' },
    },
    {
      name: 'samplers-below-backends',
      comment: 'A sampler spec names kernels; it never reaches a backend or the facade.',
      severity: 'error',
      from: { path: '^lib/samplers/' },
      to: { path: '^lib/', pathNot: `^lib/(${BELOW_FACADE})/` },
    },
    {
      name: 'no-sampler-imports-a-sampler',
      comment: 'Samplers share helpers through core/kernels, not through each other (spec.ts, transform.ts, element.ts and examples.ts are shared definitions; registry.ts lists them all).',
      severity: 'error',
      from: { path: '^lib/samplers/', pathNot: '^lib/samplers/registry\\.ts$' },
      to: { path: '^lib/samplers/', pathNot: '^lib/samplers/(spec|transform|element|examples)\\.ts$' },
    },
    {
      name: 'backends-below-facade',
      severity: 'error',
      from: { path: '^lib/backend/' },
      to: { path: '^lib/', pathNot: `^lib/(${BELOW_FACADE}|backend)/` },
    },
    {
      name: 'no-backend-imports-its-sibling',
      comment: 'The CPU and CUDA backends know nothing of each other; backend/select.ts chooses between them.',
      severity: 'error',
      from: { path: '^lib/backend/(cpu|cuda)/' },
      to: { path: '^lib/backend/', pathNot: '^lib/backend/($1)/|^lib/backend/types\\.ts$' },
    },
    {
      name: 'facade-imports-core-samplers-and-selection',
      severity: 'error',
      from: { path: '^lib/facade/' },
      to: { path: '^lib/', pathNot: `^lib/(core|samplers|facade)/|${SELECT}` },
    },
    {
      name: 'features-import-lower-layers',
      comment: 'A feature folder builds on the layers below and the facade, never on another feature or a backend internal.',
      severity: 'error',
      from: { path: '^lib/(alias|xorwow|mrg32k3a|sobol|permute)/' },
      to: { path: '^lib/', pathNot: `^lib/($1|${BELOW_FACADE}|facade)/|${SELECT}` },
    },
    {
      name: 'generator-above-features',
      comment: 'The Generator is a convenience over every public function: it may use the features, never a backend internal.',
      severity: 'error',
      from: { path: '^lib/generator/' },
      to: { path: '^lib/', pathNot: `^lib/(generator|alias|permute|${BELOW_FACADE}|facade)/|${SELECT}` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^lib/' },
      to: { circular: true },
    },
    {
      name: 'lib-not-to-tests-or-dev-deps',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(test|scripts|bench)/' },
    },
    {
      name: 'lib-not-to-dev-dependencies',
      severity: 'error',
      from: { path: '^lib/' },
      to: { dependencyTypes: ['npm-dev'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
};
