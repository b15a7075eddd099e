'use strict';

// Money is kept in whole cents everywhere inside the desk and only turned into
// "$1,234.56" strings when it is shown to the clerk or written into the state.

function formatMoney(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  const grouped = String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}.${rest}`;
}

// Accepts "50", "50.5", "50.50", "$50.50", "$1,050.00". Returns cents, or null
// when the text is not an amount of money.
function parseMoney(text) {
  if (typeof text !== 'string') return null;
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, frac = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return cents;
}

module.exports = { formatMoney, parseMoney };
