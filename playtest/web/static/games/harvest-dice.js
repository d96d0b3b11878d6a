// Harvest Dice: each player's score sheet, as printed; tap garden cells, pig circles, pig
// powers and market circles. The markets are typed once for the game, or, when each player
// crossed them on their own sheet (records.md: a player's own `markets:`), on each sheet.
// This only writes the record; the server scores it.
"use strict";
Playtest.register(({record, catalogue, el, stepper, playerPanels, sheetCrop, nextPlace, board}) => {
  const template = `sheet-${record.variant}`;
  const cycle = [".", ...catalogue.vegetables.map((v) => v.letter)];
  const colours = Object.fromEntries(catalogue.vegetables.map((v) => [v.letter, v.colour]));
  const names = Object.fromEntries(catalogue.vegetables.map((v) => [v.letter, v.name]));
  const rowsOf = (p) => p.garden.trim().split("\n").map((row) => row.trim().split(/\s+/));
  const write = (p, rows) => { p.garden = rows.map((r) => r.join(" ")).join("\n") + "\n"; };
  const start = () => Object.fromEntries(catalogue.vegetables.map((v) => [v.id, catalogue.start_crosses[record.variant] ?? 0]));
  const ownMarkets = () => record.players.some((p) => p.markets);
  const refreshers = [];
  if (!record.markets && !ownMarkets()) record.markets = start();

  function placeTaps(holder, player) {
    for (const g of holder.taps) {
      const [kind, a, b] = g.dataset.tap.split(".");
      if (kind === "garden") g.setAttribute("data-place", `${player}|garden.${a}.${b}`);
      if (kind === "pig") g.setAttribute("data-place", `${player}|pig`);
      if (kind === "power") g.setAttribute("data-place", `${player}|power`);
      if (kind === "market") g.setAttribute("data-place", `${player}|market.${a}`);
    }
  }

  // a markets track (everyone's, or one player's own): tap a circle or use the steppers
  function marketsPanel(get, who, title) {
    const crop = sheetCrop(template, ["market."], (tap) => {
      const [, veg, i] = tap.split(".");
      const n = +i + 1;
      const markets = get();
      // a pre-printed cross stays crossed: tapping it changes nothing
      const start = catalogue.start_crosses[record.variant] ?? 0;
      if (markets && n > start) markets[veg] = markets[veg] === n ? n - 1 : n;
    }, title);
    placeTaps(crop, who);
    const steps = catalogue.vegetables.map((v) => stepper({
      label: `${who ? who + ": " : ""}${v.name} market`, get: () => (get() || {})[v.id] ?? 0,
      set: (n) => { if (get()) get()[v.id] = n; },
      min: catalogue.start_crosses[record.variant] ?? 0,
      max: catalogue.market_circles, place: `${who}|market.${v.id}`}));
    const panel = el("div", {class: "panel markets", "data-place": `${who}|markets`, "data-markets": who || "game"},
      el("h2", {text: title}), crop, ...steps);
    refreshers.push(() => {
      const markets = get();
      panel.hidden = !markets;
      if (!markets) return;
      for (const g of crop.taps) {
        const [, veg, i] = g.dataset.tap.split(".");
        const crossed = +i < markets[veg];
        g.classList.toggle("crossed", crossed);
        const name = (catalogue.vegetables.find((v) => v.id === veg) || {name: veg}).name;
        g.setAttribute("aria-label", `${title}: ${name} circle ${+i + 1}: ${crossed ? "crossed" : "empty"}`);
      }
      steps.forEach((s) => s.refresh());
    });
    return panel;
  }

  const panels = playerPanels((panel, p) => {
    const plant = (tap, letter) => {
      const [, r, c] = tap.split(".").map(Number);
      const rows = rowsOf(p);
      rows[r][c] = letter;
      write(p, rows);
    };
    const garden = sheetCrop(template, ["garden."], (tap) => {
      const [, r, c] = tap.split(".").map(Number);
      const now = ((rowsOf(p)[r] || [])[c] || ".").toUpperCase();
      plant(tap, cycle[(cycle.indexOf(now) + 1) % cycle.length]);
    }, `${p.name}'s garden`, (event, g, taps) => {
      // a cell's letter (the record's: L, T, C, or . for empty) plants it and moves on
      const typed = event.key === "Backspace" || event.key === "Delete" ? "." : event.key.toUpperCase();
      if (event.ctrlKey || event.metaKey || event.altKey || !cycle.includes(typed)) return false;
      plant(g.dataset.tap, typed);
      const next = nextPlace(g, taps);
      if (next) next.focus();
      return true;
    });
    const pig = sheetCrop(template, ["pig.", "power."], (tap) => {
      const [kind, r, i] = tap.split(".").map((x, k) => (k ? Number(x) : x));
      if (kind === "pig") {
        const n = r * catalogue.pig_per_row + i + 1;
        p.pig = p.pig === n ? n - 1 : n;
      } else {
        const n = r + 1;
        p.powers_used = (p.powers_used || 0) === n ? n - 1 : n;
      }
    }, `${p.name}'s pig pen`);
    placeTaps(garden, p.name);
    placeTaps(pig, p.name);
    const pigStep = stepper({label: "Pig circles", get: () => p.pig, set: (v) => { p.pig = v; }, max: catalogue.pig_max, place: `${p.name}|pig`});
    const powerStep = stepper({label: "Powers used", get: () => p.powers_used || 0, set: (v) => { p.powers_used = v; }, max: catalogue.pig_rows, place: `${p.name}|power`});
    refreshers.push(() => {
      const rows = rowsOf(p);
      for (const g of garden.taps) {
        const [, r, c] = g.dataset.tap.split(".").map(Number);
        const letter = ((rows[r] || [])[c] || ".").toUpperCase();
        const rect = g.querySelector("rect");
        g.querySelector("text.veg")?.remove();
        g.classList.toggle("planted", letter !== ".");
        rect.style.fill = colours[letter] || "";
        if (letter !== ".") {
          const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
          t.setAttribute("class", "veg");
          t.setAttribute("x", +rect.getAttribute("x") + +rect.getAttribute("width") / 2 - 2.2);
          t.setAttribute("y", +rect.getAttribute("y") + +rect.getAttribute("height") / 2 + 2.5);
          t.textContent = letter;
          g.append(t);
        }
        g.setAttribute("data-veg", letter);
        g.setAttribute("aria-label",
          `${p.name}'s garden, row ${r + 1}, column ${c + 1}: ${names[letter] || "empty"}`);
      }
      for (const g of pig.taps) {
        const [kind, r, i] = g.dataset.tap.split(".");
        if (kind === "pig") {
          const n = +r * catalogue.pig_per_row + +i + 1;
          g.classList.toggle("crossed", n <= p.pig);
          g.setAttribute("aria-label", `${p.name}'s pig circle ${n}: ${n <= p.pig ? "crossed" : "empty"}`);
        } else {
          g.classList.toggle("used", +r < (p.powers_used || 0));
          g.setAttribute("aria-label", `${p.name}'s pig power ${+r + 1}: ${+r < (p.powers_used || 0) ? "used" : "not used"}`);
        }
      }
      pigStep.refresh();
      powerStep.refresh();
    });
    panel.append(el("div", {class: "panel"}, el("h2", {text: `${p.name}: garden`}),
                    el("p", {class: "muted how", text: `Tap a cell: ${cycle.slice(1).map((l) => names[l]).join(", ")}, empty. `
                      + `Keyboard: the arrow keys, then ${cycle.slice(1).join(", ")} or . (empty) plants and moves on; Enter cycles.`}), garden),
                 el("div", {class: "panel"}, el("h2", {text: "Pig pen and powers"}), pig, pigStep, powerStep),
                 marketsPanel(() => p.markets, p.name, `${p.name}'s markets (on their own sheet)`));
  });

  const shared = marketsPanel(() => record.markets, "", "Markets (everyone's sheet)");
  // one set of markets for the game, or each player's own: switching copies the crosses over
  const own = el("input", {type: "checkbox", id: "own-markets", checked: ownMarkets(), onchange: (e) => {
    if (e.target.checked) {
      for (const p of record.players) p.markets = p.markets || {...(record.markets || start())};
      delete record.markets;
    } else {
      const first = record.players.find((p) => p.markets);
      record.markets = record.markets || {...(first ? first.markets : start())};
      for (const p of record.players) delete p.markets;
    }
    Playtest.changed();
  }});
  const final = el("input", {type: "checkbox", checked: record.final !== false,
    onchange: (e) => { record.final = e.target.checked; Playtest.changed(); }});
  board.append(...panels, shared,
    el("label", {class: "choice", "data-place": "|own markets"}, own, "Each player crossed the markets on their own sheet"),
    el("label", {class: "choice", "data-place": "|game end"}, final, "The game is over (not the end of a round)"));
  return {update: () => { own.checked = ownMarkets(); refreshers.forEach((f) => f()); }};
});
