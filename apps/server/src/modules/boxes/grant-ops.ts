import { randomUUID } from 'node:crypto';
import { type Command, flag, int, tenantOfHost, UsageError } from '../../platform/ops';
import { findUserById } from '../auth/index';
import { findTenantByHost } from '../tenants/index';
import { findBox } from './catalog';
import { boxGrantProblem, grantBox } from './grants';

const GRANT = 'box:grant --host H --user ID --box ID|NAME [--key KEY]';

/** box:grant: the operator gives a player one box of a box on sale (a goodwill gesture, a contest prize). */
export const GRANT_COMMANDS: Record<string, Command> = {
  'box:grant': {
    usage: GRANT,
    summary:
      'Give a player one unopened box of a published box (source operator); --key makes a retried grant give it once',
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, GRANT, findTenantByHost);
      const userId = int(args, 'user', GRANT, 1);
      if (!(await findUserById(db, tenantId, userId))) throw new UsageError(`no player ${userId} on this tenant`);
      const box = await findBox(db, tenantId, flag(args, 'box', GRANT));
      if (!box) throw new UsageError(`no box ${flag(args, 'box', GRANT)} on this tenant (box:list)`);
      const problem = await boxGrantProblem(db, tenantId, box.id);
      if (problem) throw new UsageError(problem);
      const given = args.flags.key;
      if (given === true || (given !== undefined && !/^[\x21-\x7e]{1,150}$/.test(given)))
        throw new UsageError(`--key is 1-150 printable characters\nusage: ${GRANT}`);
      // Without --key every run is a new grant; with one, running it again (a retry) finds the box it gave.
      const key = `operator:${given ?? randomUUID()}`;
      const r = await db.transaction((tx) =>
        grantBox(tx, { tenantId, userId, boxId: box.id, source: 'operator', key }),
      );
      return r.replayed
        ? `box ${box.name} was already granted under ${key}: user box ${r.userBoxId} (nothing new given)`
        : `box ${box.name} granted to player ${userId}: user box ${r.userBoxId} (key ${key})`;
    },
  },
};
