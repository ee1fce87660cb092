// Calls that must not compile, for test/types.test.ts to read the compiler's messages: each names
// every element type the sampler has, not only its default (issue 32, item 8).
import { key, poisson, uniform, wald } from 'cuda-random';

const k = key(1);
uniform(k, 4, { dtype: 'int32' });
poisson(k, 4, { lam: 1, dtype: 'float32' });
wald(k, 4, { mean: 1 });
