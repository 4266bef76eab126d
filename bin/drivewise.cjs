#!/usr/bin/env node
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const cli = path.join(__dirname, '..', 'dist', 'main', 'cli.js');
if (!fs.existsSync(cli)) {
  console.error('drivewise: not built yet; run `npm run build` first');
  process.exit(2);
}
require(cli);
