// Golden-vector seeds: server seed = SHA-256("sorte golden vector server seed"), client seed "sorte-golden".
export const GOLDEN = {
  serverSeed: 'deaa3a88253e865aadda552fb2be6e346b7c71d1f4a6ffe5b9986a479700bafb',
  serverSeedHash: '5a7d776905f04fe2a501ed00ccb545043cde2e95a281aeab6686bbe02b98f411',
  clientSeed: 'sorte-golden',
};

/** The crash/double golden chain: seed = SHA-256("sorte golden crash chain"), and a fixed salt. */
export const GOLDEN_CHAIN = {
  seed: 'c6d3a21bdb0784d70161b20ffa8734c8f83cdcf1adcf248d4a8cfb397eebdb02',
  salt: '0000000000000000000301e2801a9a9598bfb114e574a91a887f2132f33047e6',
};
