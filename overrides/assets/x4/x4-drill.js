// X4's drill page: a round of problems from calc.drill, scored by calc in the calculators' worker. It computes and
// words nothing itself: problems, answers, scores and every text come from calc (the build's round is in the page).
// The schedule of problem kinds (a Leitner box each) stays in this browser's localStorage.
const root = document.querySelector(".x4-drill");
const config = JSON.parse(root.dataset.drill);
const { texts } = config;
const ui = texts.ui;
const lang = root.dataset.lang;
const STORE = "x4-drill";
const BOXES = 5;
const $ = (selector) => root.querySelector(selector);
const fill = (template, fields) => template.replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));

let worker = null;
let nextId = 1;
const pending = new Map();
let runtime = "loading";

function startWorker() {
  worker = new Worker(new URL("./x4-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "progress" && message.stage === "ready") {
      runtime = "ready";
      document.documentElement.dataset.x4Runtime = "ready";
      if (!pending.size) setStatus("");
    } else if (message.type === "fatal") {
      runtime = "failed";
      document.documentElement.dataset.x4Runtime = "failed";
      setStatus(ui.failed);
      for (const settle of pending.values()) settle({ type: "error" }); // nothing will answer them
      pending.clear();
    } else if (pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  };
}

// Requests wait in the worker until the runtime is ready: an answer given before then is scored when it is.
function request(payload) {
  if (runtime !== "ready" && runtime !== "failed") setStatus(payload.action === "score" ? ui.waiting : ui.loading);
  if (runtime === "failed") return Promise.resolve({ ok: false, message: ui.failed });
  return new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, (message) => {
      if (runtime === "ready") setStatus("");
      else if (runtime === "failed") setStatus(ui.failed);
      resolve(message.type === "result" ? message.result : { ok: false, message: ui.failed });
    });
    worker.postMessage({ id, type: "drill", lang, ...payload });
  });
}

function setStatus(words) {
  $(".x4-drill__status").textContent = words;
}

// -- the schedule ------------------------------------------------------------------------------------------------

function schedule() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORE) || "null");
    if (stored && typeof stored.rounds === "number" && stored.kinds) return stored;
  } catch {
    // unreadable: start again
  }
  return { rounds: 0, kinds: {} };
}

function saveSchedule(state) {
  try {
    localStorage.setItem(STORE, JSON.stringify(state));
  } catch {
    // storage refused (private mode): the drill works without a schedule
  }
}

// A kind answered within its factor moves up a box and comes back later; a miss goes back to box 1, next round.
function remember(kind, points) {
  const state = schedule();
  const entry = state.kinds[kind] || { box: 1, due: state.rounds };
  entry.box = points >= 1 ? Math.min(entry.box + 1, BOXES) : 1;
  entry.due = state.rounds + 2 ** (entry.box - 1);
  state.kinds[kind] = entry;
  saveSchedule(state);
}

function dueKinds() {
  const state = schedule();
  return Object.keys(state.kinds).filter((kind) => kind in texts.kinds && state.kinds[kind].due <= state.rounds);
}

function renderSchedule() {
  const state = schedule();
  const head = document.createElement("tr");
  for (const words of ["", ui.kinds_seen, ui.due, ...Array.from({ length: BOXES }, (_, i) => fill(ui.box, { box: i + 1 }))]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = words;
    head.append(th);
  }
  const rows = Object.entries(texts.fluencies).map(([fluency, name]) => {
    const kinds = Object.keys(state.kinds).filter((kind) => texts.kinds[kind] === fluency);
    const boxes = Array.from({ length: BOXES }, (_, i) => kinds.filter((kind) => state.kinds[kind].box === i + 1).length);
    const due = kinds.filter((kind) => state.kinds[kind].due <= state.rounds).length;
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = name;
    tr.append(th, ...[kinds.length, due, ...boxes].map((count) => {
      const td = document.createElement("td");
      td.className = "x4-num";
      td.textContent = String(count);
      return td;
    }));
    return tr;
  });
  $(".x4-drill__boxes tbody").replaceChildren(head, ...rows);
  $(".x4-drill__review").disabled = !dueKinds().length;
}

// -- a round -----------------------------------------------------------------------------------------------------

let round = null;
let timer = null;

function settingsFromUrl() {
  const params = new URL(window.location.href).searchParams;
  const whole = (name, fallback) => (/^\d{1,9}$/.test(params.get(name) || "") ? Number(params.get(name)) : fallback);
  const fluency = params.get("fluency") || "";
  const kinds = (params.get("kinds") || "").split(",").filter((kind) => kind in texts.kinds).join(",");
  return {
    seed: whole("seed", config.round.seed),
    count: Math.min(Math.max(whole("count", config.count), 1), 100),
    fluency: fluency in texts.fluencies ? fluency : "",
    kinds,
    timed: params.get("timed") !== "0",
  };
}

function settingsToUrl(settings) {
  const url = new URL(window.location.href);
  url.searchParams.set("seed", String(settings.seed));
  url.searchParams.set("count", String(settings.count));
  for (const name of ["fluency", "kinds"]) {
    if (settings[name]) url.searchParams.set(name, settings[name]);
    else url.searchParams.delete(name);
  }
  url.searchParams.set("timed", settings.timed ? "1" : "0");
  history.replaceState(null, "", url);
}

function showSettings(settings) {
  const form = $(".x4-drill__form");
  form.elements.seed.value = String(settings.seed);
  form.elements.count.value = String(settings.count);
  form.elements.fluency.value = settings.fluency;
  form.elements.timed.checked = settings.timed;
}

async function startRound(settings, { focus = true } = {}) {
  stopTimer();
  settingsToUrl(settings);
  showSettings(settings);
  const built = config.round;
  const same = settings.seed === built.seed && settings.count === config.count && !settings.fluency && !settings.kinds;
  let problems = same ? built.problems : null;
  $(".x4-drill__summary").hidden = true;
  $(".x4-drill__problem").hidden = false;
  if (!problems) {
    $(".x4-drill__question").textContent = ui.loading;
    $(".x4-drill__answer").style.visibility = "hidden"; // kept in the layout: nothing moves when it arrives
    const reply = await request({ action: "round", seed: settings.seed, count: settings.count,
      fluency: settings.fluency, kinds: settings.kinds });
    $(".x4-drill__answer").style.visibility = "";
    if (!reply.ok) {
      $(".x4-drill__question").textContent = reply.message;
      return;
    }
    problems = reply.problems;
  }
  const prerendered = same && !round; // the build's first problem is on the page already: keep what was typed
  round = { ...settings, problems, index: 0, scores: [] };
  root.dataset.x4Round = String(settings.seed);
  showProblem(focus, prerendered);
}

function control(problem) {
  const box = $(".x4-drill__control");
  if (problem.choices.length) {
    const fieldset = document.createElement("fieldset");
    fieldset.className = "x4-drill__choices";
    const legend = document.createElement("legend");
    legend.textContent = ui.answer;
    fieldset.append(legend, ...problem.choices.map((choice) => {
      const label = document.createElement("label");
      label.className = "x4-drill__choice";
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "answer";
      input.value = choice.id;
      label.append(input, " ", choice.label);
      return label;
    }));
    box.replaceChildren(fieldset);
    return;
  }
  const label = document.createElement("label");
  label.htmlFor = "x4-drill-input";
  label.textContent = ui.answer;
  if (problem.unit_text) {
    const unit = document.createElement("span");
    unit.className = "x4-unit";
    unit.textContent = ` (${problem.unit_text})`;
    label.append(unit);
  }
  const input = document.createElement("input");
  Object.assign(input, { id: "x4-drill-input", name: "answer", type: "text", autocomplete: "off", spellcheck: false });
  input.setAttribute("aria-describedby", "x4-drill-error");
  const error = document.createElement("p");
  error.className = "x4-field__error";
  error.id = "x4-drill-error";
  error.hidden = true;
  box.replaceChildren(label, input, error);
}

function showProblem(focus, prerendered = false) {
  const problem = round.problems[round.index];
  $(".x4-drill__progress").textContent = fill(ui.progress, { n: round.index + 1, total: round.problems.length });
  $(".x4-drill__fluency").textContent = problem.fluency_name;
  $(".x4-drill__question").textContent = problem.question;
  if (!prerendered) control(problem);
  $(".x4-drill__feedback").hidden = true;
  $(".x4-drill__next").hidden = true;
  $(".x4-drill__check").disabled = false;
  root.dataset.x4Problem = String(round.index);
  if (focus) {
    startTimer();
    $(".x4-drill__control input").focus();
  } else { // a round the page opens with: its clock starts when the reader turns to it
    $(".x4-drill__timer").textContent = round.timed ? `${texts.seconds} s` : ui.untimed;
    const answer = $(".x4-drill__answer");
    const begin = () => {
      answer.removeEventListener("focusin", begin);
      if (round && round.index === 0 && timer === null && !$(".x4-drill__check").disabled) startTimer();
    };
    answer.addEventListener("focusin", begin);
  }
}

function startTimer() {
  const shown = $(".x4-drill__timer");
  if (!round.timed) {
    shown.textContent = ui.untimed;
    return;
  }
  let left = texts.seconds;
  shown.textContent = `${left} s`;
  timer = setInterval(() => {
    left -= 1;
    shown.textContent = `${left} s`;
    if (left === 10) announce(fill(ui.time_left, { seconds: left })); // the one tick a screen reader hears
    if (left <= 0) {
      stopTimer();
      check(true);
    }
  }, 1000);
}

function stopTimer() {
  clearInterval(timer);
  timer = null;
}

function announce(words) {
  $(".x4-drill__announce").textContent = words;
}

function answerText() {
  const chosen = $(".x4-drill__control input:checked");
  if (chosen) return chosen.value;
  const input = $("#x4-drill-input");
  return input ? input.value : "";
}

async function check(timeUp = false) {
  if (!round || $(".x4-drill__check").disabled) return;
  const index = round.index;
  const problem = round.problems[index];
  const typed = answerText();
  $(".x4-drill__check").disabled = true;
  let reply = { ok: true, score: 0, score_text: "0" };
  if (typed.trim() || !timeUp) {
    reply = await request({ action: "score", seed: round.seed, count: round.problems.length,
      fluency: round.fluency, kinds: round.kinds, index, text: typed });
  }
  if (!round || round.index !== index) return; // a new round started meanwhile
  if (!reply.ok && !timeUp) { // junk: calc's message names the field; the clock keeps running
    const error = $("#x4-drill-error");
    if (error) {
      error.textContent = reply.message;
      error.hidden = false;
      $("#x4-drill-input").setAttribute("aria-invalid", "true");
      $("#x4-drill-input").focus();
    } else {
      setStatus(reply.message);
    }
    $(".x4-drill__check").disabled = false;
    return;
  }
  stopTimer();
  const points = reply.ok ? reply.score : 0;
  round.scores[index] = points;
  remember(problem.kind, points);
  showFeedback(problem, reply.ok ? reply.score_text : "0", timeUp);
}

function showFeedback(problem, scoreText, timeUp) {
  const feedback = $(".x4-drill__feedback");
  const line = (words, className) => {
    const p = document.createElement("p");
    p.className = className;
    p.textContent = words;
    return p;
  };
  const parts = [line(fill(ui.score, { score: scoreText }), "x4-drill__score"),
    line(fill(ui.exact, { answer: problem.answer_text }), "x4-drill__exact")];
  if (!problem.choices.length) parts.push(line(fill(ui.tolerance, { factor: texts.tolerance }), "x4-drill__rule"));
  const details = document.createElement("details");
  details.className = "x4-drill__derivation";
  const summary = document.createElement("summary");
  summary.textContent = ui.derivation;
  const list = document.createElement("ol");
  list.append(...problem.derivation.map((step) => {
    const item = document.createElement("li");
    const code = document.createElement("code");
    code.textContent = step.substitution;
    const strong = document.createElement("strong");
    strong.textContent = step.result;
    item.append(`${step.label}: `, code, " = ", strong);
    return item;
  }));
  const reasons = document.createElement("ul");
  reasons.append(...problem.reasons.map((reason) => Object.assign(document.createElement("li"), { textContent: reason })));
  details.append(summary, list, ...(problem.reasons.length ? [reasons] : []));
  const link = document.createElement("a");
  link.href = sectionHref(problem.section);
  link.textContent = ui.section;
  const more = document.createElement("p");
  more.append(link);
  parts.push(details, more);
  feedback.replaceChildren(...parts);
  feedback.hidden = false;
  const heard = `${fill(ui.score, { score: scoreText })}. ${fill(ui.exact, { answer: problem.answer_text })}`;
  announce(timeUp ? `${ui.time_up} ${heard}` : heard); // one announcement: the time-up notice and the score
  const next = $(".x4-drill__next");
  next.textContent = round.index + 1 < round.problems.length ? ui.next : ui.finish;
  next.hidden = false;
  next.focus();
}

function sectionHref(section) {
  const [page, anchor] = section.split("#");
  return `../${page.replace(/\.md$/, "")}/${anchor ? `#${anchor}` : ""}`;
}

function next() {
  if (round.index + 1 < round.problems.length) {
    round.index += 1;
    showProblem(true);
  } else {
    finish();
  }
}

// -- the end of a round ------------------------------------------------------------------------------------------

const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });

function tally() {
  const byFluency = new Map();
  round.problems.forEach((problem, i) => {
    const entry = byFluency.get(problem.fluency) || { name: problem.fluency_name, score: 0, total: 0 };
    entry.score += round.scores[i] || 0;
    entry.total += 1;
    byFluency.set(problem.fluency, entry);
  });
  const total = round.scores.reduce((sum, points) => sum + (points || 0), 0);
  return { byFluency, total };
}

function finish() {
  stopTimer();
  const state = schedule();
  state.rounds += 1;
  saveSchedule(state);
  const { byFluency, total } = tally();
  const row = (name, score, count) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = name;
    const td = document.createElement("td");
    td.className = "x4-num";
    td.textContent = `${number.format(score)} / ${count}`;
    tr.append(th, td);
    return tr;
  };
  $(".x4-drill__scores tbody").replaceChildren(
    ...[...byFluency.values()].map((entry) => row(entry.name, entry.score, entry.total)),
    row(ui.total, total, round.problems.length),
  );
  const missed = round.problems.filter((_, i) => (round.scores[i] || 0) < 1);
  const revisit = missed.map((problem) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = sectionHref(problem.section);
    link.textContent = problem.question;
    item.append(link);
    return item;
  });
  if (!revisit.length) revisit.push(Object.assign(document.createElement("li"), { textContent: ui.none_to_revisit }));
  $(".x4-drill__revisit").replaceChildren(...revisit);
  $(".x4-drill__problem").hidden = true;
  const summary = $(".x4-drill__summary");
  summary.hidden = false;
  root.dataset.x4Total = String(total);
  summary.querySelector("h2").setAttribute("tabindex", "-1");
  summary.querySelector("h2").focus();
  renderSchedule();
}

function resultText() {
  const { byFluency, total } = tally();
  const lines = [fill(ui.result_line, { seed: round.seed, score: number.format(total), total: round.problems.length })];
  for (const entry of byFluency.values()) lines.push(`${entry.name}: ${number.format(entry.score)} / ${entry.total}`);
  lines.push(window.location.href);
  return lines.join("\n");
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    $(".x4-drill__copied").textContent = ui.copied;
  } catch {
    window.prompt("", text);
  }
}

// -- wiring --------------------------------------------------------------------------------------------------------

function formSettings() {
  const form = $(".x4-drill__form");
  const seed = Number.parseInt(form.elements.seed.value, 10);
  const count = Number.parseInt(form.elements.count.value, 10);
  return {
    seed: Number.isFinite(seed) && seed >= 0 ? seed : config.round.seed,
    count: Number.isFinite(count) ? Math.min(Math.max(count, 1), 100) : config.count,
    fluency: form.elements.fluency.value,
    kinds: "",
    timed: form.elements.timed.checked,
  };
}

function newSeed() {
  return Math.floor(Math.random() * 1_000_000);
}

$(".x4-drill__answer").addEventListener("submit", (event) => {
  event.preventDefault();
  check(false);
});
$(".x4-drill__next").addEventListener("click", next);
$(".x4-drill__form").addEventListener("submit", (event) => {
  event.preventDefault();
  startRound(formSettings());
});
$(".x4-drill__new").addEventListener("click", () => startRound({ ...formSettings(), seed: newSeed() }));
$(".x4-drill__review").addEventListener("click", () => {
  const kinds = dueKinds().join(",");
  if (kinds) startRound({ ...formSettings(), seed: newSeed(), fluency: "", kinds });
});
$(".x4-drill__forget").addEventListener("click", () => {
  try {
    localStorage.removeItem(STORE);
  } catch {
    // nothing stored
  }
  renderSchedule();
  $(".x4-drill__forgotten").textContent = ui.forgotten;
});
$(".x4-drill__copy-result").addEventListener("click", () => copy(resultText()));
$(".x4-drill__copy-link").addEventListener("click", () => copy(window.location.href));

startWorker();
renderSchedule();
startRound(settingsFromUrl(), { focus: false });
