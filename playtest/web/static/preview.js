// The live preview: poll the game's state; when a save changed it, show the face again
// (drawn by the kit's SVG renderer on the server) with the build's warnings and errors.
(function () {
  "use strict";
  const root = document.getElementById("preview");
  const game = root.dataset.game;
  const select = document.getElementById("face");
  const picture = document.getElementById("picture");
  const base = "/preview/" + encodeURIComponent(game);
  const wanted = new URLSearchParams(location.search).get("face");
  let version = -1;
  let names = "";

  function list(id, lines) {
    const ul = document.getElementById(id);
    ul.replaceChildren(...lines.map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }));
    if (!lines.length) {
      const li = document.createElement("li");
      li.textContent = "none";
      li.className = "muted";
      ul.append(li);
    }
  }

  function show() {
    if (!select.value) return;
    const shown = version;
    picture.onload = () => {
      root.dataset.version = String(shown); // what tests wait for: the picture is on screen
      document.getElementById("updated").textContent = "updated " + new Date().toLocaleTimeString();
    };
    picture.src = base + "/face/" + encodeURIComponent(select.value) + ".svg?v=" + shown;
  }

  function faces(list) {
    const now = list.map((f) => f.name).join("\n");
    if (now === names) return;
    names = now;
    const keep = select.value || wanted;
    select.replaceChildren(...list.map((f) => {
      const option = document.createElement("option");
      option.value = f.name;
      option.textContent = f.name + " (" + f.title + ")";
      return option;
    }));
    if (keep && list.some((f) => f.name === keep)) select.value = keep;
  }

  async function poll() {
    try {
      const answer = await fetch(base + "/state.json", { cache: "no-store" });
      if (answer.ok) {
        const state = await answer.json();
        list("errors", state.errors);
        root.dataset.errors = String(state.errors.length);
        if (state.version !== version) {
          version = state.version;
          faces(state.faces);
          list("warnings", state.warnings);
          show();
        }
      }
    } catch (error) {
      // the server restarting: try again at the next tick
    }
    setTimeout(poll, 200);
  }

  select.addEventListener("change", () => {
    history.replaceState(null, "", "?face=" + encodeURIComponent(select.value));
    show();
  });
  poll();
})();
