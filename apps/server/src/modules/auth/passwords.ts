import argon2 from 'argon2';

export type HashParams = { memoryKiB: number; timeCost: number };

/** argon2id with the configured cost; the parameters travel inside the hash, so raising them later is safe. */
export function passwordHasher(p: HashParams) {
  const options = { type: argon2.argon2id as 2, memoryCost: p.memoryKiB, timeCost: p.timeCost, parallelism: 1 };
  let dummy: Promise<string> | null = null;
  return {
    hash: (password: string) => argon2.hash(password, options),
    async verify(hash: string | null, password: string): Promise<boolean> {
      // No account (or no password): spend the same time on a dummy hash so the reply time does not tell.
      dummy ??= argon2.hash('dummy-password-for-timing', options);
      const target = hash ?? (await dummy);
      try {
        const ok = await argon2.verify(target, password);
        return ok && hash !== null;
      } catch {
        return false;
      }
    },
  };
}

export type PasswordHasher = ReturnType<typeof passwordHasher>;
