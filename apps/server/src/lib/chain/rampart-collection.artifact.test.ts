import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';
import { rampartCollectionArtifact } from './rampart-collection.artifact.ts';

interface CompileScript {
  ARTIFACT_PATH: string;
  compileRampartCollection(): { compiler: string; abi: unknown[]; bytecode: string };
  renderArtifact(compiled: { compiler: string; abi: unknown[]; bytecode: string }): string;
}

describe('the committed RampartCollection artifact', () => {
  it('is what scripts/compile-contracts.mjs compiles from contracts/RampartCollection.sol today (abi and bytecode)', async () => {
    const script = (await import(pathToFileURL(path.join(repoRoot, 'scripts/compile-contracts.mjs')).href)) as CompileScript;
    const compiled = script.compileRampartCollection();
    expect(compiled.bytecode).toBe(rampartCollectionArtifact.bytecode);
    expect(compiled.abi).toEqual(JSON.parse(JSON.stringify(rampartCollectionArtifact.abi)));
    expect(fs.readFileSync(script.ARTIFACT_PATH, 'utf8')).toBe(script.renderArtifact(compiled));
  }, 60_000);

  it('has the ERC-721 surface the contract promises', () => {
    const functions = rampartCollectionArtifact.abi.filter((item) => item.type === 'function').map((item) => ('name' in item ? item.name : ''));
    for (const name of [
      'supportsInterface',
      'balanceOf',
      'ownerOf',
      'transferFrom',
      'safeTransferFrom',
      'approve',
      'getApproved',
      'setApprovalForAll',
      'isApprovedForAll',
      'name',
      'symbol',
      'tokenURI',
      'mint',
      'owner',
      'totalSupply',
    ]) {
      expect(functions, name).toContain(name);
    }
    const events = rampartCollectionArtifact.abi.filter((item) => item.type === 'event').map((item) => ('name' in item ? item.name : ''));
    expect(events).toEqual(expect.arrayContaining(['Transfer', 'Approval', 'ApprovalForAll']));
  });
});
