// Abandon All Artichokes: a position's zones as card pictures and counts: the garden stack,
// the garden row and the compost, and each player's deck, hand and discard. This only writes
// the record; the server checks and scores it.
"use strict";
Playtest.register(({record, catalogue, el, picture, stepper, playerPanels, openPicker, chip, board, changed}) => {
  const refreshers = [];
  const kinds = Object.fromEntries(catalogue.kinds.map((k) => [k.id, k]));
  const offered = () => catalogue.kinds.filter((k) => !k.option || record[k.option])
    .map((k) => ({id: k.id, name: k.name, picture: k.card, label: ""}));
  const counts = (zone) => {
    if (Array.isArray(zone)) { const out = {}; zone.forEach((c) => { out[c] = (out[c] || 0) + 1; }); return out; }
    return zone || {};
  };

  function zone(holder, key, label, place) {
    // a zone left out of the record is empty (records.md): counted like any other from here
    if (Array.isArray(holder[key]) || holder[key] == null) holder[key] = counts(holder[key]);
    const list = el("div", {class: "count-list"});
    const add = el("button", {type: "button", text: "Add a card", onclick: () => openPicker({
      cards: offered(), onPick: (id) => { holder[key][id] = (holder[key][id] || 0) + 1; }})});
    refreshers.push(() => list.replaceChildren(...Object.keys(holder[key]).map((id) =>
      el("div", {class: "count-item", "data-card": id},
        el("img", {src: picture("card", (kinds[id] || {}).card || id), alt: ""}),
        stepper({label: (kinds[id] || {}).name || id, get: () => holder[key][id] || 0,
                 set: (v) => { if (v > 0) holder[key][id] = v; else delete holder[key][id]; }, max: (kinds[id] || {}).copies})))));
    return el("div", {class: "panel", "data-place": place}, el("h2", {text: label}), list, add);
  }

  const names = record.players.map((p) => p.name);
  const panels = playerPanels((panel, p) => {
    panel.append(zone(p, "deck", `${p.name}: deck`, `${p.name}|deck`), zone(p, "hand", `${p.name}: hand`, `${p.name}|hand`),
                 zone(p, "discard", `${p.name}: discard`, `${p.name}|discard`));
  });
  const turn = el("select", {"aria-label": "Whose turn", onchange: (e) => { record.turn = e.target.value; changed(); }},
    names.map((n) => el("option", {value: n, selected: record.turn === n, text: n})));
  const phase = el("select", {"aria-label": "Last step done", onchange: (e) => { record.phase = e.target.value; changed(); }},
    catalogue.phases.map((ph) => el("option", {value: ph, selected: record.phase === ph, text: ph})));
  const rest = el("input", {type: "checkbox", checked: record.garden_stack === "rest", onchange: (e) => {
    record.garden_stack = e.target.checked ? "rest" : 0; changed(); }});
  const stack = stepper({label: "Garden stack cards", get: () => (typeof record.garden_stack === "number" ? record.garden_stack : 0),
    set: (v) => { record.garden_stack = v; rest.checked = false; }, max: catalogue.cards, place: "|garden stack"});
  const row = el("div", {class: "card-row"});
  refreshers.push(() => {
    row.replaceChildren(...record.garden_row.map((id, i) => chip({
      id, src: picture("card", (kinds[id] || {}).card || id), caption: (kinds[id] || {}).name || id,
      onRemove: () => { record.garden_row.splice(i, 1); changed(); }})));
    // "count them for me": the scorer counts the stack, so no count is shown (nor typed)
    stack.hidden = record.garden_stack === "rest";
    stack.refresh();
  });
  board.append(el("div", {class: "panel"}, el("h2", {text: "Turn"}),
      el("label", {class: "row"}, "Whose turn ", turn), el("label", {class: "row"}, "Last step done ", phase)),
    el("div", {class: "panel", "data-place": "|garden stack"}, el("h2", {text: "Garden stack"}),
      el("label", {class: "choice"}, rest, "all the other cards (count them for me)"), stack),
    el("div", {class: "panel", "data-place": "|garden row"}, el("h2", {text: "Garden row"}), row,
      el("button", {type: "button", text: "Add a card to the row", onclick: () => openPicker({
        cards: offered(), stack: () => record.garden_row, stackLabel: "The garden row:",
        onPick: (id) => record.garden_row.push(id), onRemove: (i) => record.garden_row.splice(i, 1)})})),
    zone(record, "compost", "Compost", "|compost"), el("div", {"data-place": "|all zones"}), ...panels);
  return {update: () => refreshers.forEach((f) => f())};
});
