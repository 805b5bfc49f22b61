/**
 * The floor: a plain `node:http` server that answers each benchmark scenario (scenarios.ts) at
 * `/<name>` with the upstream calls the subgraph makes for it (the same operations and parameters, each
 * record once per request, independent calls in parallel) and the subgraph's `data` as JSON. No GraphQL:
 * the request body is parsed only for its `variables`. What it costs is the least any server in front of
 * this upstream must spend on the same answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flagOf, isNoData, textOf } from '../../src/datasources/shared/shapes.js';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { isValidMobile, isValidNationalId, parseMobile } from '../../src/validation/identifiers.js';
import { plateNumberFromText } from '../../src/validation/plates.js';
import { createFloorUpstream, type FloorUpstream, type FloorUpstreamOptions } from './floorUpstream.js';
import { ALIAS_COUNT, SCENARIO_NAMES, type ScenarioName } from './scenarios.js';

type Json = Record<string, unknown>;
type Variables = Readonly<Record<string, unknown>>;

/** One request's upstream reads, each distinct operation and query asked once (as the subgraph's loaders). */
function requestReader(upstream: FloorUpstream) {
  const seen = new Map<string, Promise<unknown>>();
  return (id: OperationId, query: Readonly<Record<string, string>>): Promise<unknown> => {
    const key = `${id}?${new URLSearchParams(query).toString()}`;
    let pending = seen.get(key);
    if (!pending) {
      pending = upstream.read(id, query);
      seen.set(key, pending);
    }
    return pending;
  };
}

type Read = ReturnType<typeof requestReader>;

const field = (record: unknown, name: string): unknown =>
  typeof record === 'object' && record !== null ? (record as Json)[name] : undefined;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const stringVariable = (variables: Variables, name: string): string => {
  const value = variables[name];
  if (typeof value !== 'string') throw new Error(`variable ${name} must be a string`);
  return value;
};

async function postalAddress(read: Read, postalCode: string): Promise<Json> {
  const r = await read('ecityPostalCodeGet', { postalCode });
  return {
    postalCode: textOf(field(r, 'PostCode')) ?? postalCode,
    province: textOf(field(r, 'Province')),
    township: textOf(field(r, 'TownShip')),
    street: textOf(field(r, 'street')) ?? textOf(field(r, 'Street')),
    houseNumber: textOf(field(r, 'HouseNumber')),
  };
}

const canonicalMobile = (value: unknown): string | null => {
  const text = textOf(value);
  return text !== null && isValidMobile(text) ? parseMobile(text, 'mobile') : null;
};

async function ownedVehicle(read: Read, nationalId: string, plateNumber: string): Promise<Json> {
  const r = await read('vehicleVehicleInfoInquiryGet', { nationalId, plateNumber });
  return { plateNumber, details: isNoData(r) ? null : { vin: textOf(field(r, 'vin')) } };
}

async function activePlates(read: Read, nationalId: string, mobile: string): Promise<Json[]> {
  const r = await read('vehicleActivePlateNumbersGet', { nationalId, mobile });
  if (isNoData(r)) return [];
  const plates = listOf(field(r, 'plateNumbers')).flatMap((plate) => {
    const plateText = textOf(field(plate, 'plateNumber'));
    return plateText === null ? [] : [{ plateText, revoked: flagOf(field(plate, 'revoked')) }];
  });
  return Promise.all(
    plates.map(async ({ plateText, revoked }) => {
      const plateNumber = plateNumberFromText(plateText);
      return {
        plateText,
        ownedVehicle:
          plateNumber === null || revoked === true ? null : await ownedVehicle(read, nationalId, plateNumber),
      };
    }),
  );
}

async function board(read: Read, companyId: string): Promise<Json> {
  const r = await read('kybBoardMembersGet', { companyId });
  const members = isNoData(r) ? [] : listOf(field(r, 'boardMembers'));
  const boardMembers = await Promise.all(
    members.map(async (member) => {
      const nationalId = textOf(field(member, 'nationalId'));
      const mobile = canonicalMobile(field(member, 'mobile')) ?? canonicalMobile(field(member, 'privateMobile'));
      if (nationalId === null || mobile === null || !isValidNationalId(nationalId)) return { personMobile: null };
      return { personMobile: { activePlates: await activePlates(read, nationalId, mobile) } };
    }),
  );
  return { company: { boardMembers } };
}

async function freewayTollCount(read: Read, plateNumber: string): Promise<number> {
  const r = await read('ecityFreewayTollInquiryGet', { plateNumber });
  return isNoData(r) ? 0 : listOf(field(r, 'bills')).length;
}

const ANSWERS: Readonly<Record<ScenarioName, (read: Read, variables: Variables) => Promise<Json>>> = {
  postal: async (read, variables) => ({
    postalAddress: await postalAddress(read, stringVariable(variables, 'postalCode')),
  }),
  aliases: async (read, variables) => {
    const postalCode = stringVariable(variables, 'postalCode');
    const answers = await Promise.all(Array.from({ length: ALIAS_COUNT }, () => postalAddress(read, postalCode)));
    return Object.fromEntries(answers.map((answer, i) => [`a${i}`, answer]));
  },
  board: (read, variables) => board(read, stringVariable(variables, 'nationalId')),
  entities: async (read, variables) => {
    const representations = listOf(variables['representations']);
    const entities = await Promise.all(
      representations.map(async (representation) => {
        const plateNumber = textOf(field(representation, 'plateNumber')) ?? '';
        return { __typename: 'Vehicle', freewayTolls: { totalCount: await freewayTollCount(read, plateNumber) } };
      }),
    );
    return { _entities: entities };
  },
};

function isScenario(name: string): name is ScenarioName {
  return (SCENARIO_NAMES as readonly string[]).includes(name);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function floorListener(upstream: FloorUpstream): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const name = (req.url ?? '/').slice(1);
    if (req.method !== 'POST' || !isScenario(name)) {
      send(res, 404, { errors: [{ message: `no scenario ${req.method ?? ''} ${req.url ?? ''}` }] });
      return;
    }
    readJson(req)
      .then((body) => ANSWERS[name](requestReader(upstream), (field(body, 'variables') ?? {}) as Variables))
      .then(
        (data) => send(res, 200, { data }),
        (error: unknown) =>
          send(res, 500, { errors: [{ message: error instanceof Error ? error.message : String(error) }] }),
      );
  };
}

export interface RunningFloor {
  /** e.g. http://127.0.0.1:54321, no trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

/** The floor listening on `host:port` (a free port when 0). */
export async function startFloor(
  options: FloorUpstreamOptions & { host?: string; port?: number },
): Promise<RunningFloor> {
  const upstream = createFloorUpstream(options);
  const server: Server = createServer({ keepAliveTimeout: 30_000 }, floorListener(upstream));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await upstream.close();
    },
  };
}
