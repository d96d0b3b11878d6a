// Dice Town: a final position (nuggets, dollars, the badge, cards by picture) or a round
// (each player's dice, the sheriff, the bank) with who wins each location, as the server
// resolves it. This only writes the record.
"use strict";
Playtest.register(({record, catalogue, el, picture, stepper, playerPanels, openPicker, chip, rove, board, changed}) => {
  const refreshers = [];
  const token = (id) => picture("token", id);
  const cardsOf = (deck) => catalogue.cards.filter((c) => c.deck === deck);
  const names = record.players.map((p) => p.name);
  const cardNames = Object.fromEntries(catalogue.cards.map((c) => [c.id, c.name]));

  if (record.kind === "round") {
    const panels = playerPanels((panel, p) => {
      const dice = p.dice.map((_, k) => {
        const button = el("button", {type: "button", class: "die", "data-place": `${p.name}|dice`,
          onclick: () => {
            const faces = catalogue.faces;
            p.dice[k] = faces[(faces.indexOf(String(p.dice[k]).toUpperCase()) + 1) % faces.length];
            changed();
          }});
        refreshers.push(() => {
          const face = catalogue.faces.indexOf(String(p.dice[k]).toUpperCase());
          button.replaceChildren(el("img", {src: picture("die", `${catalogue.die}-${face + 1}`), alt: String(p.dice[k])}));
          button.setAttribute("aria-label", `${p.name} die ${k + 1}: ${p.dice[k]} (tap for the next face)`);
          button.dataset.face = p.dice[k];
        });
        return button;
      });
      rove(dice);  // the arrow keys move from die to die
      panel.append(el("div", {class: "panel"}, el("h2", {text: `${p.name}'s dice (tap to turn)`}), el("div", {class: "dice"}, dice)));
    });
    const sheriff = el("select", {"aria-label": "Sheriff", onchange: (e) => { record.sheriff = e.target.value; changed(); }},
      names.map((n) => el("option", {value: n, selected: record.sheriff === n, text: n})));
    const bank = stepper({label: "Bank $", get: () => record.bank || 0, set: (v) => { record.bank = v; }, max: catalogue.money, place: "|bank", picture: token("banknote")});
    // optional: nuggets left in the mine (left out: a full mine) and the face-up deeds' values
    const mine = stepper({label: "Mine nuggets", get: () => (record.mine ?? catalogue.mine), set: (v) => { record.mine = v; }, max: catalogue.mine, place: "|mine", picture: token("nugget")});
    // the face-up deeds' values: whole numbers, at most as many as face-up places (the YAML's);
    // anything else is refused where it is typed and changes nothing
    const most = catalogue.display_deeds;
    const deedsNote = el("span", {class: "refused", id: "refused-deeds", role: "alert", hidden: true});
    const deeds = el("input", {type: "text", inputmode: "numeric",
      "aria-label": `Face-up deeds at the Town Hall (up to ${most} values)`,
      value: (record.deeds || []).join(" "), placeholder: "e.g. 2 4 1", onchange: (e) => {
        const typed = e.target.value.trim();
        const words = typed.split(/[\s,]+/).filter(Boolean);
        const ok = words.length <= most && words.every((w) => /^[0-9]{1,3}$/.test(w));
        deedsNote.hidden = ok;
        deedsNote.textContent = ok ? "" : `Face-up deeds: up to ${most} whole numbers (not ${typed.slice(0, 20)})`;
        if (ok) { e.target.removeAttribute("aria-invalid"); e.target.removeAttribute("aria-describedby"); }
        else { e.target.setAttribute("aria-invalid", "true"); e.target.setAttribute("aria-describedby", deedsNote.id); return; }
        if (words.length) record.deeds = words.map(Number); else delete record.deeds;
        changed();
      }});
    const locations = el("ol", {class: "locations"});
    board.append(el("div", {class: "panel"}, el("h2", {text: "The round"}),
      el("label", {class: "row", "data-place": "|sheriff"}, el("img", {class: "picture", src: token("sheriff-badge"), alt: ""}), "Sheriff ", sheriff), bank, mine,
        el("label", {class: "row", "data-place": "|deeds"}, "Face-up deeds (values) ", deeds), deedsNote),
      ...panels, el("div", {class: "panel"}, el("h2", {text: "Who wins each location"}), locations));
    return {
      update: () => { refreshers.forEach((f) => f()); bank.refresh(); mine.refresh(); },
      result: (result) => locations.replaceChildren(...(result.locations || []).map((l) =>
        el("li", {"data-location": l.location, text: l.text}))),
    };
  }

  const panels = playerPanels((panel, p) => {
    const pile = (key, deck, label) => {
      // a record may leave a pile out (records.md): read it as empty, write it when used
      const held = () => p[key] || [];
      const row = el("div", {class: "card-row"});
      const add = el("button", {type: "button", text: `Add ${label}`, onclick: () => openPicker({
        cards: cardsOf(deck), prefer: deck, stack: held, stackLabel: `${label} held:`,
        onPick: (id) => { p[key] = [...held(), id]; }, onRemove: (i) => p[key].splice(i, 1)})});
      refreshers.push(() => row.replaceChildren(...held().map((id, i) => chip({
        id, src: picture("card", id), caption: `${id} ${cardNames[id] || ""}`.trim(), place: `${p.name}|${key}.${i}`,
        onRemove: () => { p[key].splice(i, 1); changed(); }}))));
      return el("div", {class: "panel", "data-place": `${p.name}|${key}`}, el("h2", {text: label}), row, add);
    };
    const steps = [stepper({label: "Nuggets", get: () => p.nuggets, set: (v) => { p.nuggets = v; }, max: catalogue.mine, place: `${p.name}|nuggets`, picture: token("nugget")}),
                   stepper({label: "Dollars", get: () => p.dollars, set: (v) => { p.dollars = v; }, max: catalogue.money, place: `${p.name}|dollars`, picture: token("banknote")})];
    const badge = el("input", {type: "radio", name: "sheriff", checked: !!p.sheriff, onchange: () => {
      record.players.forEach((q) => { q.sheriff = q === p; }); changed(); }});
    refreshers.push(() => { steps.forEach((s) => s.refresh()); badge.checked = !!p.sheriff; });
    panel.append(el("div", {class: "panel"}, el("h2", {text: p.name}), ...steps,
      el("label", {class: "choice", "data-place": `${p.name}|sheriff`}, badge, el("img", {class: "picture", src: token("sheriff-badge"), alt: ""}), "holds the sheriff badge")),
      pile("store", catalogue.piles.store, "General Store cards"), pile("deeds", catalogue.piles.deeds, "Property deeds"));
  });
  // where a rule of the whole table shows (nuggets, dollars, the badge): nothing until it does
  board.append(...panels, ...["|nuggets", "|dollars", "|sheriff"].map((place) => el("div", {class: "game-place", "data-place": place})));
  return {update: () => refreshers.forEach((f) => f())};
});
