// "New game": add and remove player name fields within the game's player counts.
"use strict";
(function () {
  const list = document.getElementById("players");
  const seat = document.getElementById("start-seat");
  const max = +list.dataset.max, min = +list.dataset.min;
  function renumber() {
    const items = list.querySelectorAll("li");
    items.forEach((li, i) => li.querySelector("input").setAttribute("aria-label", `Player ${i + 1}`));
    const chosen = seat.value;
    // the start player by name, as typed (seat 1, 2, ... while a name is empty)
    seat.replaceChildren(...Array.from(items, (li, i) =>
      new Option(li.querySelector("input").value.trim() || `Seat ${i + 1}`, String(i))));
    seat.value = chosen < items.length ? chosen : "0";
    document.getElementById("add-player").disabled = items.length >= max;
  }
  list.addEventListener("click", (event) => {
    if (event.target.classList.contains("remove") && list.children.length > Math.max(min, 1)) {
      event.target.closest("li").remove();
      renumber();
    }
  });
  list.addEventListener("input", renumber);
  document.getElementById("add-player").addEventListener("click", () => {
    const n = list.children.length + 1;
    const li = list.children[0].cloneNode(true);
    li.querySelector("input").value = `Player ${n}`;
    list.append(li);
    renumber();
    li.querySelector("input").select();
  });
  renumber();
})();
