// Village Green: each player's tableau as laid on the table, award slots above and left of
// the grid; a slot opens the card picker (pictures, filtered by id or name); a stack is the
// cards in a slot, bottom first. This only writes the record; the server scores it.
"use strict";
Playtest.register(({record, catalogue, el, picture, playerPanels, openPicker, rove, board, changed}) => {
  const refreshers = [];
  const asList = (v) => (v === null || v === undefined || v === "." ? [] : Array.isArray(v) ? v : [v]);
  const fromList = (list) => (list.length === 0 ? null : list.length === 1 ? list[0] : list);
  const names = Object.fromEntries(catalogue.cards.map((c) => [c.id, c.name]));

  const panels = playerPanels((panel, p) => {
    const slot = (get, set, place, kind, label) => {
      const button = el("button", {type: "button", class: `slot ${kind}`, "data-place": `${p.name}|${place}`,
        "aria-label": `${p.name}: ${label}`, onclick: () => openPicker({
          cards: catalogue.cards, prefer: kind === "award" ? "awards" : "green", keepOpen: false,
          stack: () => asList(get()), stackLabel: `${label} (bottom first):`,
          onPick: (id) => set(fromList([...asList(get()), id])),
          onRemove: (i) => { const list = asList(get()); list.splice(i, 1); set(fromList(list)); }})});
      refreshers.push(() => {
        const list = asList(get());
        const top = list[list.length - 1];
        // the card on top, its id under it (a stack: how many cards)
        button.replaceChildren(...[top ? el("img", {src: picture("card", top), alt: ""}) : el("span", {text: "+"}),
          top ? el("span", {class: "caption", text: top}) : null,
          list.length > 1 ? el("span", {class: "count", text: `${list.length}`}) : null].filter(Boolean));
        const held = list.map((id) => `${id} ${names[id] || ""}`.trim()).join(", ");
        button.setAttribute("aria-label", `${p.name}: ${label}: ${held || "empty"}`);
        button.dataset.cards = list.join(" ");
      });
      return button;
    };
    const cells = [el("div", {class: "slot corner"}, el("span", {text: p.village === "flipped" ? "village flipped" : "village"}))];
    p.top.forEach((_, c) => cells.push(slot(() => p.top[c], (v) => { p.top[c] = v; }, `top.${c}`, "award", `award above column ${c + 1}`)));
    p.grid.forEach((row, r) => {
      cells.push(slot(() => p.left[r], (v) => { p.left[r] = v; }, `left.${r}`, "award", `award left of row ${r + 1}`));
      row.forEach((_, c) => cells.push(slot(() => p.grid[r][c], (v) => { p.grid[r][c] = v; }, `grid.${r}.${c}`, "green", `row ${r + 1}, column ${c + 1}`)));
    });
    const side = el("select", {"aria-label": "Village card", onchange: (e) => { p.village = e.target.value; changed(); }},
      catalogue.village_sides.map((s) => el("option", {value: s, selected: p.village === s, text: s})));
    panel.append(el("div", {class: "panel"}, el("h2", {text: `${p.name}'s green`}),
      el("label", {class: "row", "data-place": `${p.name}|village`}, "Village card ", side),
      el("div", {class: "slots"}, cells)));
    rove(cells.filter((cell) => cell.tagName === "BUTTON"));  // the arrow keys move from slot to slot
  });
  board.append(...panels);
  return {update: () => refreshers.forEach((f) => f())};
});
