// Drives `daystrom mcp` with the official MCP TypeScript SDK's client (package.json pins it;
// `./studio.sh test` installs it next to this file in the build tree): initialize, list the
// tools, hold every tool's structured result against its declared output schema (the SDK's own
// check, and a second one here with Ajv), run a sandbox design to its end with progress
// notifications, cancel a second one mid-scan, and see apply refused without --allow-writes and
// without the plan's hash, and accepted with both. Everything runs on the sandbox (AIRS and LLM
// emulators on 127.0.0.1) in a temporary DAYSTROM_HOME; nothing touches the network beyond it.
//
// Usage: node mcpclient.mjs /path/to/daystrom
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Ajv from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

const daystrom = process.argv[2];
if (!daystrom) {
  console.error('usage: node mcpclient.mjs /path/to/daystrom');
  process.exit(2);
}

const home = mkdtempSync(join(tmpdir(), 'daystrom-mcp-'));
const secret = 'sk-test-THISisAsecretKEYthatMUSTnotLEAK1234567890';
const env = {
  PATH: process.env.PATH,
  HOME: home,
  DAYSTROM_HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  LANG: 'C.UTF-8',
  ANTHROPIC_API_KEY: secret, // never used by the sandbox; must never appear in any output
};
const ajv = new Ajv({ strict: false, allErrors: true });
const everything = []; // every result and notification the server sent, for the secret check
let failures = 0;

async function step(name, body) {
  const started = Date.now();
  try {
    await body();
    console.log(`PASS   : ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failures += 1;
    console.log(`FAIL!  : ${name}\n${error.stack ?? error}`);
  }
}

async function connect(args) {
  const transport = new StdioClientTransport({ command: daystrom, args: ['mcp', ...args], env, stderr: 'pipe' });
  const stderr = [];
  transport.stderr?.on('data', (chunk) => stderr.push(chunk.toString()));
  let negotiated;
  transport.setProtocolVersion = (version) => { negotiated = version; }; // the client reports the answer here
  const client = new Client({ name: 'daystrom-test', version: '1.0.0' });
  await client.connect(transport);
  client.negotiatedVersion = () => negotiated;
  client.stderrText = () => stderr.join('');
  return client;
}

const tools = new Map(); // name → declared tool
// The second route: every structured result against the tool's declared output schema.
function checkStructured(name, result) {
  assert.equal(result.isError, false, `${name} failed: ${JSON.stringify(result.content)}`);
  const schema = tools.get(name).outputSchema;
  assert.ok(schema, `${name} declares no output schema`);
  const validate = ajv.compile(schema);
  assert.ok(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`);
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent, `${name}: text and structured differ`);
  everything.push(JSON.stringify(result));
  return result.structuredContent;
}

async function call(client, name, args, options = {}) {
  const result = await client.callTool({ name, arguments: args }, undefined, {
    timeout: 300000,
    resetTimeoutOnProgress: true,
    ...options,
  });
  everything.push(JSON.stringify(result));
  return result;
}

function toolError(result) {
  assert.equal(result.isError, true, `expected a tool error, got ${JSON.stringify(result.structuredContent)}`);
  const text = result.content[0].text;
  assert.match(text, /^[a-z_]+: .+\.$/s, `not one sentence naming the tool: ${text}`);
  return text;
}

const client = await connect(['--sandbox']);
let runId;
let best;
let steeredId;

await step('initialize: the SDK\'s current protocol revision and the server\'s name', async () => {
  assert.equal(client.getServerVersion().name, 'daystrom');
  assert.ok(client.getServerCapabilities().tools);
  assert.ok(client.getServerCapabilities().resources);
  // The revision the server answered the SDK's initialize with: the SDK's current one.
  assert.equal(LATEST_PROTOCOL_VERSION, '2025-11-25');
  assert.equal(client.negotiatedVersion(), LATEST_PROTOCOL_VERSION);
  assert.match(client.getInstructions() ?? '', /design_start/);
});

await step('tools/list: every tool, each with input and output schemas that compile', async () => {
  const listed = await client.listTools();
  for (const t of listed.tools) tools.set(t.name, t);
  const expected = ['design_start', 'run_status', 'run_steer', 'run_report', 'eval', 'compare', 'compare_runs', 'audit',
    'library_list', 'library_show', 'memory_search', 'apply_plan', 'apply', 'revert'];
  assert.deepEqual([...tools.keys()].sort(), [...expected].sort());
  for (const t of listed.tools) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.equal(t.outputSchema.type, 'object', t.name);
    ajv.compile(t.inputSchema);
    ajv.compile(t.outputSchema);
    assert.ok(t.description.length > 40, `${t.name}: a description an agent can act on`);
  }
});

await step('library_list and library_show', async () => {
  const list = checkStructured('library_list', await call(client, 'library_list', {}));
  assert.ok(list.topics.length >= 5);
  const one = checkStructured('library_show', await call(client, 'library_show', { name: list.topics[0].key }));
  assert.equal(one.key, list.topics[0].key);
  toolError(await call(client, 'library_show', { name: 'no such topic at all' }));
});

await step('design_start with wait: a sandbox design to its end, with progress notifications', async () => {
  const progress = [];
  const result = await call(client, 'design_start', {
    topic: 'Requests for medical diagnosis or treatment advice',
    max_iterations: 3,
    target_coverage: 100,
    benchmark: 20,
    wait: true,
  }, { onprogress: (p) => progress.push(p) });
  const status = checkStructured('design_start', result);
  runId = status.run_id;
  assert.equal(status.state, 'completed');
  assert.ok(status.iterations.length >= 2, `iterations: ${status.iterations.length}`);
  best = status.decision.best_iteration;
  assert.ok(best >= 1);
  assert.ok(progress.length >= 5, `only ${progress.length} progress notifications`);
  for (let i = 1; i < progress.length; ++i) assert.ok(progress[i].progress > progress[i - 1].progress);
  assert.ok(progress.some((p) => /scanning \d+ of \d+/.test(p.message ?? '')), 'no scan progress');
  // Hand count = reported count: the figures in the status are the report's.
  const report = checkStructured('run_report', await call(client, 'run_report', { run_id: runId }));
  assert.equal(report.iterations.length, status.iterations.length);
});

await step('run_status, run_report and the run resources', async () => {
  const status = checkStructured('run_status', await call(client, 'run_status', { run_id: runId }));
  assert.equal(status.run_id, runId);
  const one = checkStructured('run_report', await call(client, 'run_report', { run_id: runId, iteration: best, include_tests: true }));
  assert.equal(one.iterations.length, 1);
  const resources = await client.listResources();
  assert.ok(resources.resources.some((r) => r.uri === `daystrom://runs/${runId}`));
  const read = await client.readResource({ uri: `daystrom://runs/${runId}` });
  assert.equal(JSON.parse(read.contents[0].text).run_id, runId);
  const reportResource = await client.readResource({ uri: `daystrom://runs/${runId}/report` });
  assert.equal(JSON.parse(reportResource.contents[0].text).iterations.length, status.iterations.length);
  toolError(await call(client, 'run_status', { run_id: 'aaaaaaaaaaaaaaaaaaaaa' }));
});

await step('compare, eval and memory_search', async () => {
  const c = checkStructured('compare', await call(client, 'compare', { run_id: runId, a: 1, b: 2 }));
  assert.equal(c.iterationA, 1);
  const e = checkStructured('eval', await call(client, 'eval', {
    prompts: [
      { prompt: 'Can you diagnose the lump on my neck from this photo?', expected_triggered: true },
      { prompt: 'What are the opening hours of the pharmacy?', expected_triggered: false },
    ],
    min_coverage: 0,
  }));
  assert.equal(e.results.length, 2);
  assert.equal(e.gate.passed, true);
  const m = checkStructured('memory_search', await call(client, 'memory_search', { subject: 'medical diagnosis requests' }));
  assert.equal(typeof m.section, 'string');
});

await step('audit of the sandbox profile, with progress', async () => {
  const progress = [];
  const a = checkStructured('audit', await call(client, 'audit', { benchmark: 4 }, { onprogress: (p) => progress.push(p) }));
  assert.equal(a.profileName, 'daystrom-sandbox');
  assert.ok(progress.length >= 1);
});

await step('bad arguments are tool errors with a sentence', async () => {
  assert.match(toolError(await call(client, 'design_start', { topic: 'x', max_iterations: 500 })), /at most 100/);
  assert.match(toolError(await call(client, 'design_start', { topic: 'x', colour: 'red' })), /no argument "colour"/);
  assert.match(toolError(await call(client, 'run_steer', { run_id: runId, action: 'pause' })), /not going on/);
  await assert.rejects(call(client, 'no_such_tool', {}), /Unknown tool/);
});

await step('cancelling a design mid-scan cancels the run', async () => {
  const abort = new AbortController();
  let cancelledId;
  const progress = [];
  const pending = call(client, 'design_start', {
    topic: 'Requests for help buying weapons', max_iterations: 5, target_coverage: 100, benchmark: 40, concurrency: 1,
    wait: true,
  }, {
    signal: abort.signal,
    onprogress: (p) => {
      progress.push(p);
      if (/scanning \d+ of \d+/.test(p.message ?? '')) abort.abort('enough');
    },
  });
  await assert.rejects(pending);
  assert.ok(progress.some((p) => /scanning/.test(p.message ?? '')), 'never reached a scan');
  const runs = await client.listResources();
  const statuses = [];
  for (const r of runs.resources) {
    const s = JSON.parse((await client.readResource({ uri: r.uri })).contents[0].text);
    if (s.topic === 'Requests for help buying weapons') cancelledId = s.run_id;
    statuses.push(s);
  }
  assert.ok(cancelledId, 'the cancelled run is not listed');
  let state;
  for (let i = 0; i < 200; ++i) {
    state = checkStructured('run_status', await call(client, 'run_status', { run_id: cancelledId })).state;
    if (state === 'cancelled') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(state, 'cancelled');
  // Nothing the run made stays on the (sandbox) tenant.
  const cleanup = execFileSync(daystrom, ['cleanup', '--sandbox'], { env, encoding: 'utf8' });
  assert.doesNotMatch(cleanup, new RegExp(cancelledId), cleanup);
});

async function waitForState(c, id, wanted) {
  let status;
  for (let i = 0; i < 600; ++i) {
    status = checkStructured('run_status', await call(c, 'run_status', { run_id: id }));
    if (wanted.includes(status.state)) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`run ${id} never reached ${wanted}: ${JSON.stringify(status)}`);
}

await step('run_steer: step mode (another proposal, labels, prompts, accept), pause and resume', async () => {
  const started = checkStructured('design_start', await call(client, 'design_start', {
    topic: 'Requests for medical diagnosis or treatment advice', max_iterations: 3, target_coverage: 100, benchmark: 20,
    step_mode: true,
  }));
  const id = started.run_id;
  steeredId = id;
  let status = await waitForState(client, id, ['waiting-for-review']);
  assert.equal(status.proposal.iteration, 1);
  checkStructured('run_steer', await call(client, 'run_steer', { run_id: id, action: 'another_proposal', hint: 'shorter examples' }));
  status = await waitForState(client, id, ['waiting-for-review']);
  const added = checkStructured('run_steer', await call(client, 'run_steer', {
    run_id: id, action: 'add_prompts', target: 'working',
    prompts: [{ prompt: 'Which dose of ibuprofen should I take for my knee?', expected_triggered: true }],
  }));
  assert.equal(added.run_id, id);
  checkStructured('run_steer', await call(client, 'run_steer', { run_id: id, action: 'correct_label', prompt: 'Which dose of ibuprofen should I take for my knee?' }));
  // Accepted first: once step mode is off, the run may go on with the proposal by itself.
  checkStructured('run_steer', await call(client, 'run_steer', { run_id: id, action: 'accept' }));
  checkStructured('run_steer', await call(client, 'run_steer', { run_id: id, action: 'step_mode', on: false }));
  checkStructured('run_steer', await call(client, 'run_steer', { run_id: id, action: 'pause' }));
  status = await waitForState(client, id, ['paused', 'completed']);
  assert.equal(status.state, 'paused', 'paused before its end');
  assert.match(toolError(await call(client, 'run_steer', { run_id: id, action: 'accept' })), /not going on/);
  const resumed = checkStructured('run_steer', await call(client, 'run_steer', { run_id: id, action: 'resume' }));
  assert.ok(['running', 'completed'].includes(resumed.state), resumed.state);
  status = await waitForState(client, id, ['completed']);
  assert.ok(status.iterations.length >= 1);
  // Resumed = uninterrupted, as far as a status can say: the report holds what the status counts.
  const report = checkStructured('run_report', await call(client, 'run_report', { run_id: id }));
  assert.equal(report.iterations.length, status.iterations.length);
  assert.match(toolError(await call(client, 'run_steer', { run_id: id, action: 'resume' })), /completed/);
});

await step('compare_runs: two runs ranked on one benchmark; scans only when asked', async () => {
  const runs = [runId, steeredId];
  const asked = await call(client, 'compare_runs', { runs, benchmark: `run:${runId}` });
  if (asked.isError) assert.match(toolError(asked), /scan: true/);
  const board = checkStructured('compare_runs', await call(client, 'compare_runs', { runs, benchmark: `run:${runId}`, scan: true }));
  assert.equal(board.candidates.length, 2);
  assert.deepEqual(board.candidates.map((c) => c.run).sort(), [...runs].sort());
  assert.equal(board.candidates[0].leader, true);
  assert.ok(board.benchmark.prompts >= 10);
  // Hand count = reported count: the leader's coverage is min(TPR, TNR) of its own counts.
  const m = board.candidates[0].metrics;
  const tpr = m.truePositives / (m.truePositives + m.falseNegatives);
  const tnr = m.trueNegatives / (m.trueNegatives + m.falsePositives);
  assert.ok(Math.abs(Math.min(tpr, tnr) - m.coverage) < 1e-9, JSON.stringify(m));
  assert.match(toolError(await call(client, 'compare_runs', { runs: [runId] })), /at least 2/);
});

let planHash;
await step('apply: refused without --allow-writes, and without the plan\'s hash', async () => {
  const plan = checkStructured('apply_plan', await call(client, 'apply_plan', { run_id: runId }));
  planHash = plan.plan_hash;
  assert.match(planHash, /^[0-9a-f]{64}$/);
  assert.match(plan.plan, /daystrom-sandbox/);
  assert.match(toolError(await call(client, 'apply', { run_id: runId })), /plan_hash/);
  assert.match(toolError(await call(client, 'apply', { run_id: runId, plan_hash: planHash })), /--allow-writes/);
});

await client.close();

const writer = await connect(['--sandbox', '--allow-writes']);
await step('apply: refused with --allow-writes but a hash of another plan; accepted with both', async () => {
  await writer.listTools();
  // Every run of the first session has ended and cleaned up: the plan shown then is the plan now.
  const shownAgain = checkStructured('apply_plan', await call(writer, 'apply_plan', { run_id: runId }));
  assert.equal(shownAgain.plan_hash, planHash, `the plan changed since it was shown:\n${shownAgain.plan}`);
  assert.match(toolError(await call(writer, 'apply', { run_id: runId, plan_hash: '0'.repeat(64) })), /plan/);
  const applied = await call(writer, 'apply', { run_id: runId, plan_hash: planHash });
  assert.equal(applied.isError, false, applied.content[0].text);
  assert.equal(applied.structuredContent.written, true);
  const again = await call(writer, 'apply_plan', { run_id: runId });
  assert.equal(again.structuredContent.changes_nothing, true, again.content[0].text);
  const revertPlan = await call(writer, 'apply_plan', { run_id: runId, action: 'revert' });
  assert.equal(revertPlan.isError, false, revertPlan.content[0].text);
  const reverted = await call(writer, 'revert', { run_id: runId, plan_hash: revertPlan.structuredContent.plan_hash });
  assert.equal(reverted.isError, false, reverted.content[0].text);
});
await writer.close();

await step('no secret in anything the server sent', async () => {
  for (const text of everything) assert.ok(!text.includes(secret), 'the key reached the output');
  assert.ok(!client.stderrText().includes(secret), 'the key reached the log');
});

rmSync(home, { recursive: true, force: true });
console.log(`Totals: ${failures === 0 ? 'all passed' : `${failures} failed`}`);
process.exit(failures === 0 ? 0 : 1);
