// How names are written in replies ([Drill Rig]) and read in commands (drill rig, DRILL RIG, drill-rig).

export function tag(name) {
  return `[${name}]`;
}

export function nameKey(words) {
  return String(words).toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function listNames(names) {
  const tagged = names.map(tag);
  if (tagged.length <= 1) return tagged.join('');
  return `${tagged.slice(0, -1).join(', ')} and ${tagged[tagged.length - 1]}`;
}
