'use strict';

// Splits a desk command into its verb, positional words and --options.
//
//   checkin ada --room 101 --keys=2   ->  { verb: 'checkin', words: ['ada'],
//                                           options: { room: '101', keys: '2' } }
//
// Quotes group words ("Ada Park"). An option given without a value (at the end
// of the line, or followed by another option) is recorded as `true`.

function tokenize(line) {
  const tokens = [];
  let current = '';
  let quote = null;
  let pending = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      pending = true;
      continue;
    }
    if (/\s/.test(ch)) {
      if (pending || current) tokens.push(current);
      current = '';
      pending = false;
      continue;
    }
    current += ch;
    pending = true;
  }
  if (quote) return { error: 'unbalanced quote' };
  if (pending || current) tokens.push(current);
  return { tokens };
}

function parseCommand(line) {
  const { tokens, error } = tokenize(String(line));
  if (error) return { error };
  const options = Object.create(null);
  if (tokens.length === 0) return { verb: '', words: [], options };
  const verb = tokens[0].toLowerCase();
  const words = [];
  for (let i = 1; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token.startsWith('--') && token.length > 2) {
      const eq = token.indexOf('=');
      if (eq > 2) {
        options[token.slice(2, eq).toLowerCase()] = token.slice(eq + 1);
        continue;
      }
      const name = token.slice(2).toLowerCase();
      const next = tokens[i + 1];
      if (next !== undefined && !(next.startsWith('--') && next.length > 2)) {
        options[name] = next;
        i += 1;
      } else {
        options[name] = true;
      }
      continue;
    }
    words.push(token);
  }
  return { verb, words, options };
}

module.exports = { parseCommand, tokenize };
