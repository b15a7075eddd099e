'use strict';

/** Minutes since midnight <-> "HH:MM". */
function formatTime(minutes) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function parseTime(text) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a time: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

module.exports = { formatTime, parseTime };
