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
  // a new board shows no broken rule until something is entered on it: an empty sheet is
  // not a position anyone played (a saved game shows its broken rules at once)
  let untouched = !S.log_id;
  // a new board's identity, made by the server and kept in the page's address: Save sent
  // twice, or again from this page come back to, stores one game
  const key = S.log_id ? null : S.key;
  let saved = false;

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

  function svgEl(tag, attrs) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
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
    if (byPerson) { dirty = true; untouched = false; }
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
    document.getElementById("total-is").textContent = result.total_is ? `Total: ${result.total_is}` : "";
    if (untouched) { box.hidden = true; if (editor && editor.result) editor.result(result); return; }
    box.hidden = result.violations.length === 0;
    box.replaceChildren(el("strong", {text: `${result.violations.length} broken rule${result.violations.length === 1 ? "" : "s"}`}),
      el("ul", {}, result.violations.map((v) =>
        el("li", {class: "violation", "data-code": v.code},
          el("strong", {text: v.code + " "}), `${v.player ? v.player + ": " : ""}${v.where}: ${v.message}`))));
    result.violations.forEach((v, i) => mark(v, data.places[i] || [v.where]));
    if (editor && editor.result) editor.result(result);
  }

  // the words for a scorer's key: the YAML's names (S.labels), never the raw key; a key
  // already in words (an award's line) as it is
  function label(key) {
    if (key in S.labels) return S.labels[key];
    if (!/^[a-z][a-z0-9]*([_-][a-z0-9]+)*$/.test(key)) return key;
    const words = key.replace(/[_-]+/g, " ");
    return words[0].toUpperCase() + words.slice(1);
  }

  function showBreakdown(result) {
    const player = result.players[Math.min(current, result.players.length - 1)];
    const target = document.getElementById("breakdown");
    if (!player) { target.replaceChildren(); return; }
    const row = (k, v) => el("tr", {"data-key": k}, el("td", {text: label(k)}), el("td", {text: String(v)}));
    const rows = Object.entries(player.breakdown || {}).map(([k, v]) => row(k, v));
    for (const [k, v] of Object.entries(player)) {
      if (!["name", "total", "breakdown"].includes(k) && typeof v !== "object") rows.push(row(k, v));
    }
    target.replaceChildren(el("h2", {text: `${player.name}: breakdown`}),
      el("table", {}, el("tbody", {}, rows,
        el("tr", {class: "total-row"}, el("td", {text: "Total"}), el("td", {text: String(player.total)})))));
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

  // ---- a number with big − and + buttons (and typing). A typed value out of its range (the
  // game's own, from its YAML) or not a whole number is refused where it is typed, with the
  // range, and changes nothing: never made the nearest value it could be.
  let refusals = 0;
  function stepper({label, get, set, min = 0, max, place, picture: pic}) {
    const range = () => `${typeof min === "function" ? min() : min} to ${max}`;
    const low = () => (typeof min === "function" ? min() : min);
    const note = el("span", {class: "refused", id: `refused-${++refusals}`, role: "alert", hidden: true});
    const input = el("input", {type: "number", inputmode: "numeric", min: low(), max, step: 1, value: get(),
                               "aria-label": `${label} (${range()})`});
    const minus = el("button", {type: "button", "aria-label": `${label} minus one`, text: "−"});
    const plus = el("button", {type: "button", "aria-label": `${label} plus one`, text: "+"});
    const refuse = (typed) => {
      note.textContent = `${label}: ${range()} (${typed === "" ? "type a whole number" : `not ${typed}`})`;
      note.hidden = false;
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", note.id);
      node.dataset.refused = typed;
    };
    const accept = (value) => {
      note.hidden = true;
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      delete node.dataset.refused;
      set(value);
      refresh();
      changed();
    };
    input.addEventListener("change", () => {
      // `validity.badInput`: text the browser could not read as a number ("abc", "1e")
      const typed = input.value.trim();
      const value = /^-?[0-9]+$/.test(typed) ? Number(typed) : NaN;
      if (Number.isInteger(value) && value >= low() && value <= max) accept(value);
      else refuse(input.validity.badInput ? "that" : typed.slice(0, 20));
    });
    minus.addEventListener("click", () => { if (get() > low()) accept(get() - 1); });
    plus.addEventListener("click", () => { if (get() < max) accept(get() + 1); });
    const node = el("div", {class: "stepper row", "data-place": place},
      pic ? el("img", {class: "picture", src: pic, alt: ""}) : null,
      el("span", {class: "label", text: label}), minus, input, plus, note);
    function refresh() {
      if (!node.dataset.refused || document.activeElement !== input) input.value = get();
      input.min = low();
      minus.disabled = get() <= low();
      plus.disabled = get() >= max;
    }
    node.refresh = refresh;
    refresh();
    return node;
  }

  // ---- a card as a chip: its picture, its caption (id and name) under it, and the remove
  // control beside the picture, never over its name
  function chip({id, src, caption, onRemove, place}) {
    return el("figure", {class: "card-chip", "data-card": id, "data-place": place},
      el("img", {src, alt: ""}),
      onRemove ? el("button", {type: "button", class: "remove", "aria-label": `Remove ${caption}`,
                               text: "×", onclick: onRemove}) : null,
      el("figcaption", {text: caption}));
  }

  // ---- the card picker: pictures, filtered as you type an id or a name. It takes one card
  // after another until Done (a slot that holds one card closes at its pick), and opens
  // without the keyboard: the filter box takes the focus only when it is tapped
  const dialog = document.getElementById("picker");
  const query = document.getElementById("picker-query");
  const done = document.getElementById("picker-done");
  let pickerOptions = null;

  function openPicker(options) {
    pickerOptions = {keepOpen: true, ...options};
    query.value = "";
    renderPicker();
    dialog.showModal();
    done.focus();
  }

  const captionOf = (c) => `${c.label ?? c.id}${c.name ? ` ${c.name}` : ""}`.trim();

  function renderPicker() {
    const o = pickerOptions;
    const q = query.value.trim().toLowerCase();
    const stack = document.getElementById("picker-stack");
    const stackIds = o.stack ? o.stack() : [];
    const byId = Object.fromEntries(o.cards.map((c) => [c.id, c]));
    stack.replaceChildren(...(stackIds.length ? [el("span", {class: "muted", text: o.stackLabel || "Here now (bottom first):"})] : []),
      ...stackIds.map((id, i) => chip({id, src: picture("card", id), caption: captionOf(byId[id] || {id}),
        onRemove: () => { o.onRemove(i); renderPicker(); changed(); }})));
    done.textContent = stackIds.length ? `Done (${stackIds.length})` : "Done";
    const cards = o.cards.filter((c) => !q || c.id.toLowerCase().includes(q) || (c.name || "").toLowerCase().includes(q));
    cards.sort((a, b) => (b.deck === o.prefer) - (a.deck === o.prefer));
    const shown = cards.map((c) =>
      el("button", {type: "button", "data-card": c.id, onclick: () => {
        o.onPick(c.id);
        changed();
        if (!o.keepOpen) { dialog.close(); return; }
        renderPicker();
        document.querySelector(`#picker-cards button[data-card="${CSS.escape(c.id)}"]`)?.focus();
      }}, el("img", {src: picture(c.picture_kind || "card", c.picture || c.id), alt: "", loading: "lazy"}),
          el("span", {text: captionOf(c)})));
    document.getElementById("picker-cards").replaceChildren(...shown);
    rove(shown);  // the arrow keys move from card to card
  }
  query.addEventListener("input", renderPicker);

  // ---- the keyboard in a grid of places (a sheet's cells and circles, a tableau's slots, the
  // picker's cards): one Tab stop for the whole grid, the arrow keys move to the nearest place
  // that way (by where each is drawn, so any layout works), Enter or Space acts
  const ARROWS = {ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1]};

  function rove(items, act) {
    items.forEach((node, i) => node.setAttribute("tabindex", i ? "-1" : "0"));
    for (const node of items) {
      node.addEventListener("focus", () => {
        for (const other of items) other.setAttribute("tabindex", other === node ? "0" : "-1");
      });
      node.addEventListener("keydown", (event) => {
        const way = ARROWS[event.key];
        if (way) {
          event.preventDefault();
          const next = nearest(node, items, way);
          if (next) next.focus();
        } else if (act && act(event, node)) {
          event.preventDefault();
        }
      });
    }
  }

  function nearest(from, items, [dx, dy]) {
    const centre = (node) => { const r = node.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
    const [x, y] = centre(from);
    let best = null, bestScore = Infinity;
    for (const node of items) {
      if (node === from || node.closest("[hidden]")) continue;
      const [nx, ny] = centre(node);
      const along = (nx - x) * dx + (ny - y) * dy; // how far that way
      const across = Math.abs((nx - x) * dy) + Math.abs((ny - y) * dx); // how far off the line
      if (along < 1) continue;
      const score = along + 3 * across;
      if (score < bestScore) { best = node; bestScore = score; }
    }
    return best;
  }

  // the place after this one in reading order (a letter typed in a cell moves on, as in a form)
  function nextPlace(from, items) {
    const at = items.indexOf(from);
    return items[at + 1] || null;
  }

  // ---- a printed sheet, cropped to the places a section taps, with taps found by nearness
  const crops = {};

  function cropBox(template, prefixes) {
    const key = template + "|" + prefixes.join(",");
    if (crops[key]) return crops[key];
    // the server measured each kind of place on the sheet
    const measured = (S.crops || {})[template.replace(/^sheet-/, "")] || {};
    const kinds = prefixes.map((p) => measured[p.replace(/\.$/, "")]);
    const probe = kinds.length && kinds.every(Boolean) ? null : sheetProbe(template);
    const boxes = probe ? probe.taps.filter((t) => prefixes.some((p) => t.tap.startsWith(p))).map((t) => t.box)
      : kinds.map((b) => [b[0], b[1], b[0] + b[2], b[1] + b[3]]);
    crops[key] = cropAround(template, boxes, 1.5);
    return crops[key];
  }

  // [x, y, w, h] of a sheet (in its own units) around these boxes ([x0, y0, x1, y1]), with a
  // margin, and grown until it cuts no printed shape
  function cropAround(template, boxes, margin) {
    const around = [Math.min(...boxes.map((b) => b[0])) - margin, Math.min(...boxes.map((b) => b[1])) - margin,
                    Math.max(...boxes.map((b) => b[2])) + margin, Math.max(...boxes.map((b) => b[3])) + margin];
    const [x0, y0, x1, y1] = uncut(around, sheetProbe(template).art);
    return [x0, y0, x1 - x0, y1 - y0];
  }

  // a crop's edges move out until they cut no printed shape: a shape they would cut (a die
  // face above the garden, a label's glyph, a band behind a market) is shown whole
  function uncut(box, art) {
    const edge = 0.05; // mm: shapes that only touch an edge are not cut by it
    let [x0, y0, x1, y1] = box;
    for (let pass = 0, moved = true; moved && pass < 12; pass++) {
      moved = false;
      for (const [a0, b0, a1, b1] of art) {
        const overlaps = a0 < x1 - edge && a1 > x0 + edge && b0 < y1 - edge && b1 > y0 + edge;
        if (!overlaps || (a0 >= x0 - edge && a1 <= x1 + edge && b0 >= y0 - edge && b1 <= y1 + edge)) continue;
        x0 = Math.min(x0, a0); y0 = Math.min(y0, b0); x1 = Math.max(x1, a1); y1 = Math.max(y1, b1);
        moved = true;
      }
    }
    return [x0, y0, x1, y1];
  }

  // the whole sheet laid out once, out of sight, to measure it in its own units: every
  // printed shape (with its stroke) and every tap place, as [x0, y0, x1, y1]
  const probes = {};
  function sheetProbe(template) {
    if (probes[template]) return probes[template];
    const probe = el("div", {style: "position:absolute;left:-10000px;top:0;width:600px;visibility:hidden", "aria-hidden": "true"});
    probe.innerHTML = document.getElementById(template).innerHTML;
    document.body.append(probe);
    const svg = probe.querySelector("svg");
    const toRoot = svg.getScreenCTM().inverse();
    const measure = (node, pad) => {
      const b = node.getBBox();
      const m = toRoot.multiply(node.getScreenCTM());
      const corners = [[b.x - pad, b.y - pad], [b.x + b.width + pad, b.y - pad],
                       [b.x - pad, b.y + b.height + pad], [b.x + b.width + pad, b.y + b.height + pad]]
        .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
      return [Math.min(...corners.map((c) => c.x)), Math.min(...corners.map((c) => c.y)),
              Math.max(...corners.map((c) => c.x)), Math.max(...corners.map((c) => c.y))];
    };
    const shapes = svg.querySelectorAll("rect, circle, ellipse, line, polyline, polygon, path, text, use, image");
    const art = [];
    for (const node of shapes) {
      if (node.closest("defs, symbol, clipPath, mask")) continue;
      const style = getComputedStyle(node);
      if (style.display === "none") continue;
      const stroke = style.stroke !== "none" ? parseFloat(style.strokeWidth) / 2 || 0 : 0;
      const box = measure(node, stroke);
      if (box[2] - box[0] > 0 || box[3] - box[1] > 0) art.push(box);
    }
    const taps = Array.from(svg.querySelectorAll("[data-tap]"), (g) => ({tap: g.dataset.tap, box: measure(g, 0)}));
    probe.remove();
    probes[template] = {art, taps};
    return probes[template];
  }

  function sheetCrop(template, prefixes, onTap, label, keys) {
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
    // every place is also a button for the keyboard and for screen readers: Tab reaches the
    // sheet, the arrow keys move from place to place, Enter or Space taps the place, a game's
    // own keys act on it (`keys`), and its label (kept up to date by the game) says what it is
    for (const g of taps) {
      g.setAttribute("role", "button");
      if (!g.hasAttribute("aria-label")) g.setAttribute("aria-label", g.dataset.tap.replace(/\./g, " "));
    }
    // a place's focus ring: drawn around the place, whatever it is made of (a cell, a circle,
    // a pig power's icon), the first time it takes the focus
    for (const g of taps) {
      g.addEventListener("focus", () => {
        if (g.querySelector(":scope > .focus-ring")) return;
        const b = g.getBBox();
        const pad = 0.6;
        g.append(svgEl("rect", {class: "focus-ring", x: b.x - pad, y: b.y - pad,
                                width: b.width + 2 * pad, height: b.height + 2 * pad, rx: 1}));
      });
    }
    rove(taps, (event, g) => {
      if (event.key === "Enter" || event.key === " ") {
        onTap(g.dataset.tap, g);
      } else if (!(keys && keys(event, g, taps))) {
        return false;
      }
      touched(g);
      changed();
      return true;
    });
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
    openPicker, chip, playerPanels, sheetCrop, cropAround, rove, nextPlace, board,
    register(build) {
      editor = build(window.Playtest) || {};
      changed(false);
    },
  };

  // a page kept by the browser and shown again by Back after its Save: the saved game's own
  // editor is loaded instead (this page's board is the one saved)
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && saved) window.location.reload();
  });

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
      saved = true;
      // Back from the saved game comes to its editor, never to this blank board again
      window.history.replaceState(null, "", data.edit_url);
      window.location.assign(data.url);
    } else {
      saveButton.disabled = false;
      status.textContent = "Not saved: " + data.errors.map((e) => e.text).join("; ");
      show(data);
    }
  });
})();
