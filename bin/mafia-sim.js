#!/usr/bin/env node
// Shim: runs the built CLI (npm install builds it through the `prepare` script).
import { main } from '../dist/src/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 70;
  },
);
