import fs from 'node:fs';
import { type Command, flag, type Parsed, table, tenantOfHost, UsageError } from '../../platform/ops';
import { findTenantByHost } from '../tenants/index';
import { createBox, listBoxes, publishBox, retireBox } from './catalog-service';

const CREATE = 'box:create --host H --file spec.json';
const PUBLISH = 'box:publish --host H --box ID|NAME';
const LIST = 'box:list --host H';
const RETIRE = 'box:retire --host H --box ID|NAME';

const pct = (rtpE6: number | null) => (rtpE6 === null ? '-' : `${(rtpE6 / 10_000).toFixed(4)}%`);
const reais = (c: number) => `R$ ${(c / 100).toFixed(2)}`;

function readSpec(args: Parsed): unknown {
  const file = flag(args, 'file', CREATE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not JSON: ${(err as Error).message}`);
  }
}

/** The catalog's operator commands: boxes are written as JSON specs, checked, published as immutable versions. */
export const CATALOG_COMMANDS: Record<string, Command> = {
  'box:create': {
    usage: CREATE,
    summary:
      'Create a box as a draft from a JSON spec (a published box of that name gets a new draft version); box:publish puts it on sale',
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, CREATE, findTenantByHost);
      const saved = await createBox(db, tenantId, readSpec(args));
      return saved.created
        ? `box ${saved.id} ${saved.name}: draft version ${saved.version} created; box:publish --box ${saved.name} puts it on sale`
        : `box ${saved.id} ${saved.name}: draft version ${saved.version} saved (the version on sale is unchanged until box:publish)`;
    },
  },
  'box:publish': {
    usage: PUBLISH,
    summary: "Check a box's newest draft version (ticket coverage, RTP 50-99%, offers) and put it on sale, frozen",
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, PUBLISH, findTenantByHost);
      const p = await publishBox(db, tenantId, flag(args, 'box', PUBLISH));
      return `box ${p.id} ${p.name}: version ${p.version} on sale, RTP ${pct(p.rtpE6)}`;
    },
  },
  'box:list': {
    usage: LIST,
    summary: "A tenant's boxes: status, the version on sale, the newest version (draft or not), price, RTP",
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, LIST, findTenantByHost);
      const rows = await listBoxes(db, tenantId);
      return table(
        rows.map((b) => ({
          id: b.id,
          name: b.name,
          status: b.status,
          live: b.live_version ?? '-',
          newest: `${b.latest_version}${b.draft ? ' (draft)' : ''}`,
          price: reais(b.price),
          sell: reais(b.sell_price),
          rtp: pct(b.rtp_e6),
          prizes: b.prizes,
        })),
      );
    },
  },
  'box:retire': {
    usage: RETIRE,
    summary: 'Take a box off sale; boxes players already own still open and sell with their version',
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, RETIRE, findTenantByHost);
      const b = await retireBox(db, tenantId, flag(args, 'box', RETIRE));
      return `box ${b.id} ${b.name}: retired`;
    },
  },
};
