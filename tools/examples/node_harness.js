#!/usr/bin/env node
// A gb16 harness-protocol implementation in Node.js (no dependencies).
//
//   node node_harness.js [--forward "COMMAND ARGS"]    forward every case to a batch scorer
//   node node_harness.js --tiny                        a tiny scorer of its own
//
// Certify it with:
//   gb16 certify --impl "node tools/examples/node_harness.js --forward '.venv/bin/gb16 score --batch'"
//
// The protocol (corpus/schema/protocol/): one JSON object per line on stdin and stdout.
//   {"cmd":"start","version":1}          -> {"name","version","language","variants","rulings"}
//   {"cmd":"score","seq":N,"input":{..}} -> {"seq":N,"result":{..}} | {"seq":N,"skipped":true,"message":".."}
//                                           | {"seq":N,"errored":true,"context":..}
//   {"cmd":"stop"}                       -> (no answer; exit 0)
//
// --forward (the default, with "gb16 score --batch"): one child process reads case inputs
// as JSON Lines and writes one result per line; this script only relays.  The command is
// split on spaces (quote nothing inside it).
//
// --tiny: checks only what a few lines can check for certain — the input must be an object
// with known, well-typed fields and a supported variant (docs/contract.md, invalid_input and
// unsupported_variant) — and declines ("skipped") every hand it would have to score.
"use strict";

const readline = require("readline");
const { spawn } = require("child_process");

const args = process.argv.slice(2);
const tiny = args.includes("--tiny");
const forwardAt = args.indexOf("--forward");
const forwardCommand = forwardAt >= 0 ? args[forwardAt + 1] : "gb16 score --batch";

function send(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

// ---------------------------------------------------------------- the tiny scorer
const FIELD_TYPES = {
  variant: "string", hand: "string", win_tile: "string", win_by: "string",
  prevalent_wind: "string", seat_wind: "string", flowers: "integer",
  last_of_kind: "boolean", last_tile: "boolean", kong_replacement: "boolean", robbing_kong: "boolean",
};

function hasType(value, type) {
  if (type === "integer") { return typeof value === "number" && Number.isInteger(value); }
  return typeof value === type;
}

function error(code, message) {
  return { ok: false, error: { code: code, message: message } };
}

function tinyScore(input) {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return error("invalid_input", "a case input must be a JSON object");
  }
  for (const key of Object.keys(input)) {
    if (!(key in FIELD_TYPES)) { return error("invalid_input", "unknown field " + key); }
    if (!hasType(input[key], FIELD_TYPES[key])) {
      return error("invalid_input", "field " + key + " must be " + FIELD_TYPES[key]);
    }
  }
  if ("variant" in input && input.variant !== "gb16" && input.variant !== "gb13") {
    return error("unsupported_variant", "variant " + input.variant + " is not supported");
  }
  return null; // a hand to score: the tiny scorer declines
}

// ---------------------------------------------------------------- forwarding
let child = null;
let childLines = null;
const waiting = [];

function startChild() {
  const parts = forwardCommand.split(/\s+/).filter(Boolean);
  child = spawn(parts[0], parts.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
  child.on("error", (err) => {
    process.stderr.write("node_harness: cannot run " + parts[0] + ": " + err.message + "\n");
    process.exit(3);
  });
  child.on("exit", (code) => {
    if (waiting.length) {
      process.stderr.write("node_harness: the batch scorer exited (" + code + ")\n");
      process.exit(4);
    }
  });
  childLines = readline.createInterface({ input: child.stdout });
  childLines.on("line", (line) => {
    const resolve = waiting.shift();
    if (resolve) { resolve(line); }
  });
}

function forward(input) {
  return new Promise((resolve) => {
    waiting.push(resolve);
    child.stdin.write(JSON.stringify(input) + "\n");
  });
}

// ---------------------------------------------------------------- the protocol loop
async function handle(request) {
  if (request.cmd === "start") {
    if (!tiny) { startChild(); }
    send({
      name: tiny ? "node-tiny" : "node-forward",
      version: "1.0.0",
      language: "javascript",
      variants: ["gb16", "gb13"],
      rulings: {},
      comment: tiny ? "validates inputs only; declines every hand" : "relays to: " + forwardCommand,
    });
    return true;
  }
  if (request.cmd === "stop") {
    if (child) { child.stdin.end(); }
    return false;
  }
  if (request.cmd === "score") {
    if (tiny) {
      const result = tinyScore(request.input);
      send(result ? { seq: request.seq, result: result }
                  : { seq: request.seq, skipped: true, message: "the tiny scorer only validates inputs" });
      return true;
    }
    const line = await forward(request.input);
    let result;
    try {
      result = JSON.parse(line);
    } catch (err) {
      send({ seq: request.seq, errored: true, context: "the batch scorer wrote: " + line });
      return true;
    }
    send({ seq: request.seq, result: result });
    return true;
  }
  send({ seq: request.seq, errored: true, context: "unknown command " + request.cmd });
  return true;
}

async function main() {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (!line.trim()) { continue; }
    const keepGoing = await handle(JSON.parse(line));
    if (!keepGoing) { break; }
  }
  if (child) { child.stdin.end(); }
  process.exit(0);
}

main();
