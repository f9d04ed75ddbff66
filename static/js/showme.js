// "Show me" in the drill feedback: the list of steps that decide the answer becomes a step-through
// (one step at a time, Previous / Next, arrow keys). Without this script every step is listed.
(function () {
  "use strict";

  function steps(box) {
    return Array.prototype.slice.call(box.querySelectorAll("[data-showme-step]"));
  }

  function show(box, index) {
    var all = steps(box);
    if (!all.length) return;
    index = Math.max(0, Math.min(index, all.length - 1));
    box.setAttribute("data-current", String(index));
    all.forEach(function (step, i) { step.hidden = i !== index; });
    var count = box.querySelector("[data-showme-count]");
    if (count) count.textContent = (index + 1) + " / " + all.length;
    var prev = box.querySelector("[data-showme-prev]");
    var next = box.querySelector("[data-showme-next]");
    if (prev) prev.disabled = index === 0;
    if (next) next.disabled = index === all.length - 1;
  }

  function setUp(box) {
    if (box.hasAttribute("data-ready")) return;
    box.setAttribute("data-ready", "");
    var controls = box.querySelector("[data-showme-controls]");
    if (controls) controls.hidden = false;
    box.classList.add("showme--stepped");
    show(box, 0);
  }

  function current(box) {
    return parseInt(box.getAttribute("data-current") || "0", 10);
  }

  function setUpAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-showme]"), setUp);
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var box = target.closest("[data-showme]");
    if (!box) return;
    if (target.closest("[data-showme-next]")) show(box, current(box) + 1);
    else if (target.closest("[data-showme-prev]")) show(box, current(box) - 1);
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var box = target.closest("[data-showme]");
    if (!box || !box.open) return;
    if (event.key === "ArrowRight") { show(box, current(box) + 1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { show(box, current(box) - 1); event.preventDefault(); }
  });

  // The feedback arrives with the page or swapped in by htmx after an answer.
  document.addEventListener("DOMContentLoaded", setUpAll);
  document.addEventListener("htmx:afterSettle", setUpAll);
  setUpAll();
})();
