import { describe } from 'node:test';
import { LocalFileSystem } from '../../../../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { temporaryDirectory } from '../lake-test-helpers.js';
import { fileSystemContract } from './file-system-contract.js';

describe('lake file system contract: local disk', () => {
  const fs = new LocalFileSystem();
  fileSystemContract(async () => ({ fs, newDirectory: async () => fileLocation(await temporaryDirectory()) }));
});
