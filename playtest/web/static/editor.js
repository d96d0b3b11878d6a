// The board editor's shared part: state, scoring round trips, scores, violations shown in
// place, player tabs, steppers, the card picker, sheet crops. No game rule lives here: every
// number and every violation comes from the server (the scorer of `playtest score`).
"use strict";
(function () {
  const S = JSON.parse(document.getElementById("state").textContent);
  const csrf = document.querySelector('meta[name="csrf"]').content;
  const board = document.getElementById("board");
  let editor = null;
  let sent = 0;
  let shown = 0;
  let current = 0; // the player whose board is shown
  let last = null; // the last answer
  let dirty = false; // changes not saved yet: leaving asks first
  // a new game's identity, made once per page: Save sent twice stores one game
  const key = S.log_id ? null : Array.from(crypto.getRandomValues(new Uint8Array(16)),
    (b) => b.toString(16).padStart(2, "0")).join("");

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  function picture(kind, id) { return `${S.pictures}/${kind}/${encodeURIComponent(id)}.svg`; }

  // ---- scoring round trip: the latest answer wins
  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST", headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
      body: JSON.stringify(body), credentials: "same-origin"});
    let data;
    try { data = await response.json(); } catch (e) { data = {ok: false, errors: [{field: "", text: `server answered ${response.status}`}]}; }
    return data;
  }

  function payload() {
    return {record: S.record, played_on: S.played_on, start_seat: S.start_seat, key};
  }

  async function changed(byPerson = true) {
    if (byPerson) dirty = true;
    if (editor && editor.update) editor.update();
    const mine = ++sent;
    document.body.dataset.scoring = "busy";
    const data = await post(S.score_url, payload());
    if (mine < shown) return;
    shown = mine;
    last = data;
    show(data);
    if (mine === sent) document.body.dataset.scoring = "done";
  }

  // ---- showing an answer
  function show(data) {
    const errors = document.getElementById("input-errors");
    clearMarks();
    if (!data.ok) {
      errors.hidden = false;
      errors.replaceChildren(el("strong", {text: "This board cannot be scored yet:"}),
        el("ul", {}, data.errors.map((e) => el("li", {text: (e.field ? e.field + ": " : "") + e.message}))));
      markErrors(data.errors);
      return;
    }
    errors.hidden = true;
    const result = data.result;
    const winners = new Set(result.winners);
    document.getElementById("scores").replaceChildren(...result.players.map((p, i) =>
      el("button", {class: "score" + (winners.has(p.name) ? " winner" : ""), type: "button",
                    "data-player-score": p.name, onclick: () => select(i)},
        el("div", {class: "name", text: p.name + (winners.has(p.name) ? " ★" : "")}),
        el("div", {class: "total", text: String(p.total)}))));
    showBreakdown(result);
    const box = document.getElementById("violations");
    box.hidden = result.violations.length === 0;
    box.replaceChildren(el("strong", {text: `${result.violations.length} broken rule${result.violations.length === 1 ? "" : "s"}`}),
      el("ul", {}, result.violations.map((v) =>
        el("li", {class: "violation", "data-code": v.code},
          el("strong", {text: v.code + " "}), `${v.player ? v.player + ": " : ""}${v.where}: ${v.message}`))));
    result.violations.forEach((v, i) => mark(v, data.places[i] || [v.where]));
    if (editor && editor.result) editor.result(result);
  }

  function showBreakdown(result) {
    const player = result.players[Math.min(current, result.players.length - 1)];
    const target = document.getElementById("breakdown");
    if (!player) { target.replaceChildren(); return; }
    const rows = Object.entries(player.breakdown || {}).map(([k, v]) =>
      el("tr", {}, el("td", {text: k}), el("td", {text: String(v)})));
    for (const [k, v] of Object.entries(player)) {
      if (!["name", "total", "breakdown"].includes(k) && typeof v !== "object") {
        rows.push(el("tr", {}, el("td", {text: k}), el("td", {text: String(v)})));
      }
    }
    target.replaceChildren(el("h2", {text: `${player.name}: breakdown`}),
      el("table", {}, el("tbody", {}, rows,
        el("tr", {class: "total-row"}, el("td", {text: "total"}), el("td", {text: String(player.total)})))));
  }

  function clearMarks() {
    for (const node of document.querySelectorAll(".bad")) {
      node.classList.remove("bad");
    }
    for (const node of document.querySelectorAll(".place-msg")) node.remove();
    for (const node of document.querySelectorAll("[data-place] > title.violation-title")) node.remove();
  }

  function findPlaces(player, place) {
    if (place.includes("*")) return matchingPlaces(player, place);
    const quote = (s) => s.replace(/["\\]/g, "\\$&");
    let found = player ? document.querySelectorAll(`[data-place="${quote(player)}|${quote(place)}"]`) : [];
    if (!found.length) found = document.querySelectorAll(`[data-place="|${quote(place)}"]`);
    if (!found.length && !player) found = document.querySelectorAll(`[data-place$="|${quote(place)}"]`);
    return Array.from(found);
  }

  // a place with `*` names every place of the player (or of the game) it matches, `*` as in
  // the expressions' patterns: `row2.*` is each field of row 2, `garden.*.*` each garden cell
  function matchingPlaces(player, place) {
    const parts = place.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
    const pattern = new RegExp(`^${parts.join("[a-z0-9_]*")}$`);
    return Array.from(document.querySelectorAll("[data-place]")).filter((node) => {
      const at = node.dataset.place.indexOf("|");
      const who = node.dataset.place.slice(0, at);
      return at >= 0 && (!player || who === player || who === "") && pattern.test(node.dataset.place.slice(at + 1));
    });
  }

  function mark(v, places) {
    const text = `${v.code} ${v.message}`;
    for (const place of places) {
      for (const node of findPlaces(v.player, place)) {
        node.classList.add("bad");
        if (node instanceof SVGElement) {
          const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
          title.classList.add("violation-title");
          title.textContent = text;
          node.prepend(title);
          const crop = node.closest("svg");
          if (crop) crop.classList.add("bad");
          if (crop && !crop.parentNode.querySelector(`.place-msg[data-code="${v.code}"]`)) {
            crop.after(el("span", {class: "place-msg", "data-code": v.code, text}));
          }
        } else if (!node.querySelector(`:scope > .place-msg[data-code="${v.code}"]`)) {
          node.append(el("span", {class: "place-msg", "data-code": v.code, text}));
        }
      }
    }
    // a place that names nothing on the page outlines nothing (the list above says it)
    const tab = v.player && document.querySelector(`.tabs button[data-name="${CSS.escape(v.player)}"]`);
    if (tab) tab.classList.add("bad");
  }

  function markErrors(errors) {
    // an input error names a field of the record (players[1].pig): show it on that player
    for (const e of errors) {
      const m = /^players\[(\d+)\]/.exec(e.field || "");
      const names = (S.record.players || []).map((p) => p.name);
      if (m && names[+m[1]] !== undefined) {
        const panel = document.querySelector(`[data-place="${CSS.escape(names[+m[1]])}|board"]`);
        if (panel) panel.append(el("span", {class: "place-msg", text: `${e.field}: ${e.message}`}));
      }
    }
  }

  // ---- players: one board at a time, tabs to switch (one-handed on a phone)
  function playerPanels(build) {
    const players = S.record.players || [];
    const tabs = document.getElementById("player-tabs");
    const panels = players.map((p, i) => {
      const panel = el("section", {class: "player-board", "data-player": p.name,
                                   "data-place": `${p.name}|board`, hidden: i !== current});
      build(panel, p, i);
      return panel;
    });
    tabs.replaceChildren(...players.map((p, i) => el("button", {
      type: "button", "data-name": p.name, "aria-pressed": String(i === current),
      onclick: () => select(i), text: p.name})));
    tabs.hidden = players.length < 2;
    return panels;
  }

  function select(i) {
    current = i;
    photoLabel();
    document.querySelectorAll(".player-board").forEach((panel, j) => { panel.hidden = j !== i; });
    document.querySelectorAll("#player-tabs button").forEach((tab, j) => tab.setAttribute("aria-pressed", String(j === i)));
    if (last && last.ok) showBreakdown(last.result);
  }

  // ---- a number with big − and + buttons (and typing)
  function stepper({label, get, set, min = 0, max = 999, place, picture: pic}) {
    const input = el("input", {type: "number", inputmode: "numeric", min, max, value: get(), "aria-label": label});
    const apply = (value) => {
      if (Number.isNaN(value)) return;
      set(Math.max(min, Math.min(max, value)));
      input.value = get();
      changed();
    };
    input.addEventListener("change", () => apply(parseInt(input.value, 10)));
    const node = el("div", {class: "stepper row", "data-place": place},
      pic ? el("img", {class: "picture", src: pic, alt: ""}) : null,
      el("span", {class: "label", text: label}),
      el("button", {type: "button", "aria-label": `${label} minus one`, onclick: () => apply(get() - 1), text: "−"}),
      input,
      el("button", {type: "button", "aria-label": `${label} plus one`, onclick: () => apply(get() + 1), text: "+"}));
    node.refresh = () => { input.value = get(); };
    return node;
  }

  // ---- the card picker: pictures, filtered as you type an id or a name
  const dialog = document.getElementById("picker");
  const query = document.getElementById("picker-query");
  let pickerOptions = null;

  function openPicker(options) {
    pickerOptions = options;
    query.value = "";
    renderPicker();
    dialog.showModal();
    query.focus();
  }

  function renderPicker() {
    const o = pickerOptions;
    const q = query.value.trim().toLowerCase();
    const stack = document.getElementById("picker-stack");
    const stackIds = o.stack ? o.stack() : [];
    stack.replaceChildren(...(stackIds.length ? [el("span", {class: "muted", text: o.stackLabel || "Here now (bottom first):"})] : []),
      ...stackIds.map((id, i) => el("div", {class: "card-chip"},
        el("img", {src: picture("card", id), alt: id}),
        el("button", {type: "button", "aria-label": `Remove ${id}`, text: "×",
                      onclick: () => { o.onRemove(i); renderPicker(); changed(); }}))));
    const cards = o.cards.filter((c) => !q || c.id.toLowerCase().includes(q) || (c.name || "").toLowerCase().includes(q));
    cards.sort((a, b) => (b.deck === o.prefer) - (a.deck === o.prefer));
    document.getElementById("picker-cards").replaceChildren(...cards.map((c) =>
      el("button", {type: "button", "data-card": c.id, onclick: () => {
        o.onPick(c.id);
        changed();
        if (o.keepOpen) renderPicker(); else dialog.close();
      }}, el("img", {src: picture(c.picture_kind || "card", c.picture || c.id), alt: "", loading: "lazy"}),
          el("span", {text: `${c.label || c.id} ${c.name || ""}`}))));
  }
  query.addEventListener("input", renderPicker);

  // ---- a printed sheet, cropped to the places a section taps, with taps found by nearness
  const crops = {};

  function cropBox(template, prefixes) {
    const key = template + "|" + prefixes.join(",");
    if (crops[key]) return crops[key];
    // the server measured each kind of place on the sheet: no layout of a whole sheet here
    const measured = (S.crops || {})[template.replace(/^sheet-/, "")] || {};
    const kinds = prefixes.map((p) => measured[p.replace(/\.$/, "")]);
    if (kinds.length && kinds.every(Boolean)) {
      const x0 = Math.min(...kinds.map((b) => b[0])), y0 = Math.min(...kinds.map((b) => b[1]));
      const x1 = Math.max(...kinds.map((b) => b[0] + b[2])), y1 = Math.max(...kinds.map((b) => b[1] + b[3]));
      const margin = 1.5;
      crops[key] = [x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin];
      return crops[key];
    }
    const probe = el("div", {style: "position:absolute;left:-10000px;top:0;width:600px;visibility:hidden"});
    probe.innerHTML = document.getElementById(template).innerHTML;
    document.body.append(probe);
    const svg = probe.querySelector("svg");
    const toRoot = svg.getScreenCTM().inverse();
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const g of svg.querySelectorAll("[data-tap]")) {
      if (!prefixes.some((p) => g.dataset.tap.startsWith(p))) continue;
      const box = g.getBBox();
      const m = toRoot.multiply(g.getScreenCTM());
      for (const [x, y] of [[box.x, box.y], [box.x + box.width, box.y + box.height]]) {
        const pt = new DOMPoint(x, y).matrixTransform(m);
        x0 = Math.min(x0, pt.x); y0 = Math.min(y0, pt.y); x1 = Math.max(x1, pt.x); y1 = Math.max(y1, pt.y);
      }
    }
    probe.remove();
    const margin = 1.5;
    crops[key] = [x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin];
    return crops[key];
  }

  function sheetCrop(template, prefixes, onTap, label) {
    const holder = el("div", {class: "crop-holder"});
    holder.innerHTML = document.getElementById(template).innerHTML;
    const svg = holder.querySelector("svg");
    const box = cropBox(template, prefixes);
    svg.setAttribute("viewBox", box.join(" "));
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.classList.add("crop");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", label);
    for (const g of svg.querySelectorAll("[data-tap]")) {
      if (!prefixes.some((p) => g.dataset.tap.startsWith(p))) g.removeAttribute("data-tap");
    }
    const taps = Array.from(svg.querySelectorAll("[data-tap]"));
    // every place is also a button for the keyboard and for screen readers: Tab reaches it,
    // Enter or Space taps it, and its label (kept up to date by the game) says what it is
    for (const g of taps) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      if (!g.hasAttribute("aria-label")) g.setAttribute("aria-label", g.dataset.tap.replace(/\./g, " "));
      g.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        onTap(g.dataset.tap, g);
        touched(g);
        changed();
      });
    }
    svg.addEventListener("click", (event) => {
      // the nearest place to the finger answers, so each place's target is its whole pitch
      let best = null, bestDistance = Infinity;
      for (const g of taps) {
        const r = g.getBoundingClientRect();
        const d = Math.hypot(event.clientX - (r.left + r.width / 2), event.clientY - (r.top + r.height / 2));
        if (d < bestDistance) { best = g; bestDistance = d; }
      }
      if (best && bestDistance < 60) { onTap(best.dataset.tap, best); touched(best); changed(); }
    });
    holder.taps = taps;
    return holder;
  }

  // ---- the photo button: a photo of the shown player's sheet (or tableau) fills their board
  // with what the server read (`playtest scan`'s code); each place read with doubt is marked
  // until the player touches it. Save is the usual save: the photo itself is never kept.
  const photoButton = document.getElementById("photo-button");
  const photoInput = document.getElementById("photo-input");
  const photoStatus = document.getElementById("photo-status");
  const photoChecked = document.getElementById("photo-checked");

  function photoLabel() {
    const player = (S.record.players || [])[current];
    if (photoButton && player) photoButton.textContent = `Photograph ${player.name}'s ${S.scan.what}`;
  }

  function unsureLeft() {
    return new Set(Array.from(document.querySelectorAll(".unsure"), (node) => node.dataset.place)).size;
  }

  function showUnsure() {
    const left = unsureLeft();
    photoStatus.textContent = left
      ? `Read from the photo: ${left} place${left === 1 ? "" : "s"} to check (marked)`
      : "Read from the photo: nothing left to check";
    document.body.dataset.photo = left ? "to-check" : "checked";
    photoChecked.hidden = !left;
  }

  function markUnsure(name, places) {
    for (const node of document.querySelectorAll(".unsure")) {
      if (node.dataset.place.startsWith(name + "|") || node.dataset.place.startsWith("|")) unmark(node);
    }
    // the place as shown: a player's own copy when it is, else the game's (a panel the
    // record does not use now is hidden: its copy is not the one to check)
    const shown = (nodes) => nodes.filter((node) => !node.closest("[hidden]:not(.player-board)"));
    for (const place of places) {
      let found = shown(findPlaces(name, place));
      if (!found.length) found = shown(Array.from(document.querySelectorAll(`[data-place="|${CSS.escape(place)}"]`)));
      for (const node of found) {
        node.classList.add("unsure");
        node.setAttribute("aria-describedby", "unsure-note");
      }
    }
  }

  function unmark(node) {
    node.classList.remove("unsure");
    node.removeAttribute("aria-describedby");
  }

  // a place touched (tapped, ticked, picked, typed in) is checked: its marks go, wherever the
  // same place is shown (a sheet's circle and its − / + stepper)
  function touched(node) {
    const marked = node && node.closest && node.closest(".unsure");
    if (!marked) return;
    for (const same of document.querySelectorAll(".unsure")) {
      if (same.dataset.place === marked.dataset.place) unmark(same);
    }
    showUnsure();
  }
  board.addEventListener("change", (event) => touched(event.target));
  board.addEventListener("click", (event) => {
    // on a printed sheet the nearest place answers a tap (sheetCrop says which)
    if (!(event.target instanceof SVGElement)) touched(event.target);
  });

  function fillFromPhoto(player, data) {
    // the photo's record holds one player: their part replaces this player's (the name stays);
    // what the record keeps once for the game goes to the player when they keep their own
    const read = data.record.players[0];
    for (const [k, v] of Object.entries(read)) if (k !== "name") player[k] = v;
    for (const [k, v] of Object.entries(data.record)) {
      if (["game", "variant", "players"].includes(k)) continue;
      if (k in player) player[k] = v; else S.record[k] = v;
    }
    changed();
    markUnsure(player.name, data.places);
    showUnsure();
  }

  async function readPhoto(file, player) {
    const mb = (n) => `${Math.ceil(n / 2 ** 20)} MB`;
    if (file.size > S.scan.max_bytes) {
      photoStatus.textContent = `Not read: the photo is ${mb(file.size)}, at most ${mb(S.scan.max_bytes)}`;
      document.body.dataset.photo = "refused";
      return;
    }
    photoStatus.textContent = "Reading the photo…";
    document.body.dataset.photo = "busy";
    photoButton.disabled = true;
    let data;
    try {
      const response = await fetch(`${S.scan.url}?variant=${encodeURIComponent(S.record.variant || "")}`, {
        method: "POST", credentials: "same-origin", body: file,
        headers: {"Content-Type": file.type || "application/octet-stream", "X-CSRF-Token": csrf}});
      const fallback = response.status === 413 ? `the photo is larger than ${mb(S.scan.max_bytes)}` : `the server answered ${response.status}`;
      data = await response.json().catch(() => ({ok: false, errors: [{text: fallback}]}));
    } catch (e) {
      data = {ok: false, errors: [{text: "the server cannot be reached"}]};
    }
    photoButton.disabled = false;
    if (!data.ok) {
      photoStatus.textContent = "Not read: " + data.errors.map((e) => e.text).join("; ");
      document.body.dataset.photo = "refused";
      return;
    }
    fillFromPhoto(player, data);
  }

  if (photoButton) {
    photoLabel();
    photoButton.addEventListener("click", () => photoInput.click());
    // a reading that is right is confirmed as a whole (touching a box would change it)
    photoChecked.addEventListener("click", () => {
      document.querySelectorAll(".unsure").forEach(unmark);
      showUnsure();
    });
    photoInput.addEventListener("change", () => {
      const file = photoInput.files[0];
      const player = (S.record.players || [])[current];
      photoInput.value = ""; // the same photo chosen again reads again
      if (file && player) readPhoto(file, player);
    });
  }

  window.Playtest = {
    state: S, record: S.record, catalogue: S.catalogue, el, picture, changed, stepper,
    openPicker, playerPanels, sheetCrop, board,
    register(build) {
      editor = build(window.Playtest) || {};
      changed(false);
    },
  };

  // leaving (History, Back, reload, closing the tab) with unsaved changes asks first
  window.addEventListener("beforeunload", (event) => {
    if (!dirty) return;
    event.preventDefault();
    event.returnValue = "";
  });

  const saveButton = document.getElementById("save");
  saveButton.addEventListener("click", async () => {
    const status = document.getElementById("save-status");
    status.textContent = "Saving…";
    saveButton.disabled = true; // a second tap waits; the key makes a retry store one game
    const data = await post(S.save_url, payload());
    if (data.ok) {
      status.textContent = `Saved as game #${data.id}`;
      dirty = false;
      window.location.assign(data.url);
    } else {
      saveButton.disabled = false;
      status.textContent = "Not saved: " + data.errors.map((e) => e.text).join("; ");
      show(data);
    }
  });
})();
