/**
 * The operations the benchmark sends, each as a GraphQL request the subgraph answers and the floor
 * (floor.ts) answers at `/<name>` with the same upstream calls. Every value the floor needs travels in
 * `variables`.
 */
import { CLIENT_PERSON, COMPANY_SAMPLES } from '../../test/fixtures/sandbox.js';

export const SCENARIO_NAMES = ['postal', 'board', 'entities', 'aliases'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

export interface Scenario {
  readonly name: ScenarioName;
  /** What the operation is, for the report. */
  readonly title: string;
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>>;
}

/** How many aliases of one record the aliases scenario asks for. */
export const ALIAS_COUNT = 20;
/** How many representations the entities scenario sends. */
export const REPRESENTATION_COUNT = 100;

/**
 * Distinct valid 9-digit plate numbers (two digits 10–99, letter code 01–32, three digits 100–999,
 * region 10–99), the same every run.
 */
export function benchPlateNumbers(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const left = String(10 + (i % 90));
    const letter = String(1 + (i % 32)).padStart(2, '0');
    const middle = String(100 + ((i * 7) % 900));
    const region = String(10 + ((i * 13) % 90));
    return `${left}${letter}${middle}${region}`;
  });
}

const aliases = Array.from(
  { length: ALIAS_COUNT },
  (_, i) => `a${i}: postalAddress(postalCode: $postalCode) { postalCode province township street houseNumber }`,
).join(' ');

export const SCENARIOS: Readonly<Record<ScenarioName, Scenario>> = {
  postal: {
    name: 'postal',
    title: 'one inquiry: `postalAddress(postalCode:)`',
    query:
      'query Postal($postalCode: String!) { postalAddress(postalCode: $postalCode) { postalCode province township street houseNumber } }',
    variables: { postalCode: CLIENT_PERSON.postalCode },
  },
  board: {
    name: 'board',
    title: `a board of ${COMPANY_SAMPLES.largeBoard.boardSize}, each member's plates with their vehicle's VIN`,
    query:
      'query Board($nationalId: String!) { company(nationalId: $nationalId) { boardMembers { personMobile { activePlates { plateText ownedVehicle { plateNumber details { vin } } } } } } }',
    variables: { nationalId: COMPANY_SAMPLES.largeBoard.nationalId },
  },
  entities: {
    name: 'entities',
    title: `\`_entities\` with ${REPRESENTATION_COUNT} \`Vehicle\` representations: \`freewayTolls { totalCount }\``,
    query:
      'query Entities($representations: [_Any!]!) { _entities(representations: $representations) { __typename ... on Vehicle { freewayTolls { totalCount } } } }',
    variables: {
      representations: benchPlateNumbers(REPRESENTATION_COUNT).map((plateNumber) => ({
        __typename: 'Vehicle',
        plateNumber,
      })),
    },
  },
  aliases: {
    name: 'aliases',
    title: `${ALIAS_COUNT} aliases of one postal record`,
    query: `query Aliases($postalCode: String!) { ${aliases} }`,
    variables: { postalCode: CLIENT_PERSON.postalCode },
  },
};

/** A run: one scenario, or the mixed workload cycling through all of them on each connection. */
export const RUN_NAMES = [...SCENARIO_NAMES, 'mixed'] as const;
export type RunName = (typeof RUN_NAMES)[number];

export const RUN_TITLES: Readonly<Record<RunName, string>> = {
  ...Object.fromEntries(SCENARIO_NAMES.map((name) => [name, SCENARIOS[name].title])),
  mixed: `each connection cycles through ${SCENARIO_NAMES.join(', ')}`,
} as Record<RunName, string>;

/** The scenarios a run sends, in order. */
export const scenariosOf = (run: RunName): readonly Scenario[] =>
  run === 'mixed' ? SCENARIO_NAMES.map((name) => SCENARIOS[name]) : [SCENARIOS[run]];

/** The body of a scenario's request, the same for the subgraph and the floor. */
export const requestBody = (scenario: Scenario): string =>
  JSON.stringify({ query: scenario.query, variables: scenario.variables });
