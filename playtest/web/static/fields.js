// Any game scored in YAML: each sheet that has fields, as printed, with a control laid over
// each field at its box in mm (`playtest fields`): tick a box, cross a track's circles, pick a
// choice, type a number or a card id. This only writes each player's `fields:` in the record;
// the server scores it with the game's own YAML.
"use strict";
Playtest.register(({record, catalogue, el, playerPanels, cropAround, rove, board, changed}) => {
  const refreshers = [];
  const cardNames = catalogue.card_names || {};
  const readable = (id) => id.replace(/[._]/g, " ");
  const share = (value, whole) => `${((100 * value) / whole).toFixed(4)}%`;

  function lay(node, box, within, least = 0) {
    // `within`: [x, y, w, h] of what the node is placed in, in the same mm. `least`: a
    // smallest size in px (a place to tap: 24 px), the node kept centred on its box
    if (!least) {
      node.style.left = share(box[0] - within[0], within[2]);
      node.style.top = share(box[1] - within[1], within[3]);
      node.style.width = share(box[2], within[2]);
      node.style.height = share(box[3], within[3]);
      return;
    }
    node.classList.add("centred");
    node.style.left = share(box[0] + box[2] / 2 - within[0], within[2]);
    node.style.top = share(box[1] + box[3] / 2 - within[1], within[3]);
    node.style.width = `max(${least}px, ${share(box[2], within[2])})`;
    node.style.height = `max(${least}px, ${share(box[3], within[3])})`;
  }
  const TAP = 24; // px: the least a place to tap is (WCAG 2.2's target size)

  function write(player, id, value) {
    // a field left out is empty: an empty one is not written (a number 0 is written: it is
    // full for `all()`, as on paper)
    if (value === null || value === undefined || value === "" || value === false) {
      delete player.fields[id];
    } else {
      player.fields[id] = value;
    }
    changed();
  }

  const datalists = {};
  function cardList(field) {
    const id = `cards-${field.id.replace(/\./g, "-")}`;
    if (!datalists[id]) {
      datalists[id] = el("datalist", {id}, field.values.map((card) =>
        el("option", {value: card, label: cardNames[card] || card})));
      board.append(datalists[id]);
    }
    return id;
  }

  // one control per kind: [the node, how it shows the record's value]
  const CONTROLS = {
    box(player, field, label, value) {
      const input = el("input", {type: "checkbox", class: "field field-box", "aria-label": label,
        onchange: () => write(player, field.id, input.checked)});
      return [input, () => { input.checked = value() === true; }];
    },
    track(player, field, label, value) {
      const group = el("div", {class: "field field-track", role: "group", "aria-label": label});
      const cells = field.cells.slice(0, field.max).map((cell, i) => {
        const button = el("button", {type: "button", class: "track-cell", "data-cell": i,
          onclick: () => write(player, field.id, (value() || 0) === i + 1 ? i || null : i + 1)});
        lay(button, cell, field.box, TAP);
        return button;
      });
      group.append(...cells);
      rove(cells);  // one Tab stop per track; the arrow keys move along it
      return [group, () => cells.forEach((button, i) => {
        const crossed = i < (value() || 0);
        button.classList.toggle("crossed", crossed);
        button.setAttribute("aria-pressed", String(crossed));
        button.setAttribute("aria-label", `${label}: circle ${i + 1} of ${cells.length}`);
      })];
    },
    number(player, field, label, value) {
      const input = el("input", {type: "number", inputmode: "numeric", class: "field field-number",
        min: field.min, max: field.max, step: 1, "aria-label": label});
      input.addEventListener("change", () => {
        const typed = input.value.trim();
        // a whole number goes as a number; anything else as typed, for the scorer to refuse
        write(player, field.id, /^-?[0-9]+$/.test(typed) ? Number(typed) : typed || null);
      });
      return [input, () => {
        if (document.activeElement !== input) input.value = value() ?? "";
      }];
    },
    choice(player, field, label, value) {
      const select = el("select", {class: "field field-choice", "aria-label": label},
        el("option", {value: "", text: "—"}),
        field.values.map((v, i) => el("option", {value: String(i), text: String(v)})));
      select.addEventListener("change", () =>
        write(player, field.id, select.value === "" ? null : field.values[+select.value]));
      return [select, () => {
        const i = field.values.indexOf(value());
        select.value = i < 0 ? "" : String(i);
      }];
    },
    card(player, field, label, value) {
      const input = el("input", {type: "text", class: "field field-card", list: cardList(field),
        autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
        placeholder: "card id", "aria-label": `${label} (a card id)`});
      input.addEventListener("change", () => {
        const typed = input.value.trim();
        // any case: the id as the game spells it, when there is one
        const known = field.values.find((card) => String(card).toLowerCase() === typed.toLowerCase());
        write(player, field.id, known ?? (typed || null));
      });
      return [input, () => {
        if (document.activeElement !== input) input.value = value() ?? "";
        input.title = cardNames[value()] || "";
      }];
    },
  };

  // the part of the sheet that holds its fields, as large as the screen allows (whole shapes
  // only): on a phone a whole page would make each place smaller than a finger
  const crops = {};
  function cropOf(surface) {
    if (!crops[surface.id]) {
      const [w, h] = surface.size;
      const boxes = surface.fields.map((f) => [f.box[0], f.box[1], f.box[0] + f.box[2], f.box[1] + f.box[3]]);
      const [x, y, cw, ch] = cropAround(surface.template, boxes, 6);
      const x0 = Math.max(0, x), y0 = Math.max(0, y);
      crops[surface.id] = [x0, y0, Math.min(w, x + cw) - x0, Math.min(h, y + ch) - y0];
    }
    return crops[surface.id];
  }

  function sheet(player, surface) {
    const holder = el("div", {class: "field-sheet", "data-sheet": surface.id});
    holder.innerHTML = document.getElementById(surface.template).innerHTML;
    const svg = holder.querySelector("svg");
    const within = cropOf(surface);
    svg.setAttribute("viewBox", within.join(" "));
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("aria-hidden", "true"); // the picture; the controls carry the labels
    const layer = el("div", {class: "field-layer"});
    for (const field of surface.fields) {
      const label = `${player.name}: ${readable(field.id)}`;
      const value = () => player.fields[field.id];
      const [node, refresh] = CONTROLS[field.kind](player, field, label, value);
      node.dataset.field = field.id;
      node.dataset.place = `${player.name}|${field.id}`;
      lay(node, field.box, within, field.kind === "box" ? TAP : 0);
      layer.append(node);
      refreshers.push(refresh);
    }
    holder.append(layer);
    return el("div", {class: "panel"},
      el("h2", {text: `${player.name}: ${surface.name}`}), holder);
  }

  const panels = playerPanels((panel, player) => {
    player.fields = player.fields || {};
    panel.append(...catalogue.surfaces.map((surface) => sheet(player, surface)));
  });
  board.append(...panels);
  const update = () => refreshers.forEach((refresh) => refresh());
  update();
  return {update};
});
