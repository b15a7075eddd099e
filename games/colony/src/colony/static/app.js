// The COLONY page: the same agent API a QA agent uses, shown as a transcript and a state panel.
"use strict";

let gameId = null;

function addLine(text, cls) {
  const line = document.createElement("p");
  line.textContent = text;
  if (cls) line.className = cls;
  const transcript = document.getElementById("transcript");
  transcript.appendChild(line);
  transcript.scrollTop = transcript.scrollHeight;
}

function listText(values) {
  return values && values.length ? values.join(", ") : "none";
}

function pairs(object) {
  return Object.entries(object).map(([key, value]) => key + " " + value).join(", ");
}

function showState(state) {
  document.getElementById("day").textContent = "Day " + state.day + " of " + state.last_day;
  document.getElementById("population").textContent = state.population + " (housing " + state.housing + ")";
  document.getElementById("workers").textContent = pairs(state.workers);
  document.getElementById("resources").textContent = pairs(state.resources) + " (storage " + state.storage + ")";
  document.getElementById("prices").textContent = Object.entries(state.prices)
    .map(([good, price]) => good + " buy " + price.buy + " / sell " + price.sell).join("; ");
  document.getElementById("buildings").textContent = pairs(state.buildings);
  document.getElementById("construction").textContent = listText(
    state.construction.map((p) => p.kind + " (" + p.days_left + " days)"));
  document.getElementById("turn").textContent = state.turn;
  document.getElementById("won").hidden = !state.won;
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function newGame() {
  document.getElementById("transcript").textContent = "";
  const data = await post("/api/agent/new");
  gameId = data.game_id;
  addLine(data.message);
  showState(data.state);
}

async function sendCommand(event) {
  event.preventDefault();
  const input = document.getElementById("command");
  const command = input.value.trim();
  if (!command || !gameId) return;
  input.value = "";
  addLine("> " + command, "you");
  try {
    const data = await post("/api/agent/command", { game_id: gameId, command: command });
    addLine(data.message, data.success ? "" : "refused");
    showState(data.state);
  } catch (error) {
    addLine("(error: " + error.message + ")", "refused");
  }
}

document.getElementById("command-form").addEventListener("submit", sendCommand);
document.getElementById("new-game").addEventListener("click", newGame);
newGame();
