import type { SpawnOptions } from 'node:child_process';

export const root: string;
export function run(command: string, args: string[], options?: SpawnOptions): Promise<number>;
export function newestMtime(paths: string[]): number;
export function clientBuildIsStale(): boolean;
export function freePort(): Promise<number>;
export const chromePath: string;
export const chromeFlags: string[];
export function chromiumMissingMessage(): string;
