import { type Command, type Parsed, table, UsageError } from '../../platform/ops';
import { listPendingDocuments, reviewDocument } from './service';

function idArg(args: Parsed, usage: string): number {
  const v = args.positional[0];
  if (!v || !/^\d{1,15}$/.test(v)) throw new UsageError(`missing or invalid ID\nusage: ${usage}`);
  return Number(v);
}

/** Operator commands of KYC. */
export const KYC_COMMANDS: Record<string, Command> = {
  'kyc:list': {
    usage: 'kyc:list',
    summary: 'documents waiting for review',
    async run({ db }) {
      const list = await listPendingDocuments(db);
      return table(
        list.map((d) => ({ id: d.id, tenant: d.tenant_id, player: d.email, type: d.type, file: d.storage_key })),
      );
    },
  },
  'kyc:approve': {
    usage: 'kyc:approve ID',
    summary: 'approve a document; the player is notified',
    async run({ db }, args) {
      const d = await reviewDocument(db, { id: idArg(args, this.usage), approve: true });
      return `document ${d.id} (${d.type}) approved`;
    },
  },
  'kyc:reject': {
    usage: 'kyc:reject ID --reason TEXT',
    summary: 'reject a document with a reason the player sees',
    async run({ db }, args) {
      const reason = args.flags.reason;
      if (typeof reason !== 'string' || !reason.trim()) throw new UsageError(`missing --reason\nusage: ${this.usage}`);
      const d = await reviewDocument(db, { id: idArg(args, this.usage), approve: false, reason: reason.slice(0, 300) });
      return `document ${d.id} (${d.type}) rejected`;
    },
  },
};
