// The review queues (withdrawals first) and the audit log: filled by the queues work.
export {};
