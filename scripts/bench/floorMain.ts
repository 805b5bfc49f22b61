/**
 * The floor (floor.ts) in a process of its own, for `npm run bench`: listens on FLOOR_PORT (127.0.0.1)
 * in front of UPSTREAM_BASE_URL with UPSTREAM_CLIENT_ID, UPSTREAM_CLIENT_SECRET and UPSTREAM_CLIENT_NID,
 * prints one line with its URL once listening, and closes on SIGTERM.
 */
import { startFloor } from './floor.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const floor = await startFloor({
  baseUrl: required('UPSTREAM_BASE_URL'),
  clientId: required('UPSTREAM_CLIENT_ID'),
  clientSecret: required('UPSTREAM_CLIENT_SECRET'),
  clientNid: required('UPSTREAM_CLIENT_NID'),
  port: Number(process.env['FLOOR_PORT'] ?? 0),
});
process.stdout.write(`${JSON.stringify({ msg: 'floor ready', url: floor.url })}\n`);
process.on('SIGTERM', () => void floor.close().then(() => process.exit(0)));
