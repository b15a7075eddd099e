'use strict';

const fs = require('fs');
const path = require('path');

/** The state's tables as lists of objects keyed by the header row. */
function rows(table) {
  const [header, ...body] = table;
  return body.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

function row(table, key) {
  return rows(table).find((r) => Object.values(r)[0] === key);
}

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'WALKTHROUGH.md'), 'utf8');
  return text
    .split('\n')
    .map((line) => /^- `(.+)`$/.exec(line.trim()))
    .filter(Boolean)
    .map((m) => m[1]);
}

module.exports = { rows, row, walkthrough };
