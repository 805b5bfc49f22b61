/**
 * The fast-check parameters of the long property tests (the never-twice properties): `runs` by default.
 * `PROPERTY_RUNS` asks for more runs (a soak, e.g. hundreds under load); `PROPERTY_SEED` and
 * `PROPERTY_PATH` replay a failure with the seed and path fast-check printed (docs/TESTING.md).
 */
import type fc from 'fast-check';

export function propertyParameters<T>(runs: number): fc.Parameters<T> {
  const env = process.env;
  const asked = Number(env['PROPERTY_RUNS']);
  const seed = env['PROPERTY_SEED'];
  return {
    numRuns: Number.isSafeInteger(asked) && asked > 0 ? asked : runs,
    endOnFailure: true,
    ...(seed !== undefined && seed !== '' && { seed: Number(seed) }),
    ...(env['PROPERTY_PATH'] && { path: env['PROPERTY_PATH'] }),
  };
}

/** The time a property test may take: `perRun` for each run asked, at least `minimum`. */
export function propertyTimeout(runs: number, perRun: number, minimum: number): number {
  return Math.max(minimum, (propertyParameters(runs).numRuns ?? runs) * perRun);
}
