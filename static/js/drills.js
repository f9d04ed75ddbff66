// Drill pages: tap seats on the table, type amounts on the on-screen keypad, answer by keyboard
// (digits pick seats, Enter answers, N goes on), and the clock of speed drills.
// Everything here is a convenience: the forms work without it.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var activeSeatField = null;
  var activeAmount = null;
  var clockTimer = null;
  var panelWatch = null;

  // Narrow screens (phones): the panel is a sheet at the bottom of the screen (drills.css).
  function narrow() {
    return !(window.matchMedia && window.matchMedia("(min-width: 60rem)").matches);
  }

  function form() {
    return document.querySelector("[data-answer-form]");
  }

  function seatFields() {
    var f = form();
    return f ? Array.prototype.slice.call(f.querySelectorAll("[data-seat-field]")) : [];
  }

  function targetSeatField() {
    var fields = seatFields();
    if (activeSeatField && fields.indexOf(activeSeatField) >= 0) return activeSeatField;
    for (var i = 0; i < fields.length; i++) {
      if (!fields[i].querySelector("input:checked")) return fields[i];
    }
    return fields[0] || null;
  }

  function pickSeat(seat) {
    var field = targetSeatField();
    if (!field) return false;
    var input = field.querySelector('input[value="' + seat + '"]');
    if (!input) return false;
    input.checked = true;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    // The next tap goes to the next field still without a seat.
    var fields = seatFields();
    var next = null;
    for (var i = fields.indexOf(field) + 1; i < fields.length; i++) {
      if (!fields[i].querySelector("input:checked")) { next = fields[i]; break; }
    }
    activeSeatField = next;
    markActive();
    return true;
  }

  function markActive() {
    var current = targetSeatField();
    seatFields().forEach(function (f) { f.classList.toggle("seat-picker--active", f === current); });
  }

  function amounts() {
    var f = form();
    return f ? Array.prototype.slice.call(f.querySelectorAll("[data-amount]")) : [];
  }

  function visible(el) {
    return !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  }

  function keypadTarget() {
    if (activeAmount && document.body.contains(activeAmount) && visible(activeAmount)) return activeAmount;
    var list = amounts().filter(visible);
    return list[0] || null;
  }

  function press(key) {
    var input = keypadTarget();
    if (!input) return;
    if (key === "back") input.value = input.value.slice(0, -1);
    else if (key === "space") input.value = input.value.replace(/\s*$/, "") + " ";
    else input.value += key;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function revealOptionAmounts() {
    var f = form();
    if (!f) return;
    f.querySelectorAll("[data-reveals]").forEach(function (box) {
      var field = f.querySelector('[name="' + box.getAttribute("data-reveals") + '"]');
      if (!field) return;
      var wrapper = field.closest(".amount-field");
      if (wrapper) wrapper.hidden = !box.checked;
    });
  }

  // The pots form: rows past the first side pot stay hidden while empty, until asked for.
  function setUpPots() {
    document.querySelectorAll("[data-pots]").forEach(function (pots) {
      var more = pots.querySelector("[data-pot-more]");
      if (more) more.hidden = !pots.querySelector("[data-pot-extra]");
    });
  }

  function addPot(button) {
    var pots = button.closest("[data-pots]");
    var row = pots && pots.querySelector("[data-pot-extra]");
    if (!row) return;
    row.removeAttribute("data-pot-extra");
    setUpPots();
    var amount = row.querySelector("[data-amount]");
    if (amount) { activeAmount = amount; amount.focus(); }
  }

  function startClock() {
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    var clock = document.querySelector("[data-clock]");
    if (!clock) return;
    var value = clock.querySelector("[data-clock-value]");
    var target = parseFloat(clock.getAttribute("data-target")) || 0;
    var started = Date.now();
    clockTimer = setInterval(function () {
      if (!document.body.contains(clock)) { clearInterval(clockTimer); clockTimer = null; return; }
      var seconds = (Date.now() - started) / 1000;
      value.textContent = seconds.toFixed(1);
      clock.classList.toggle("clock--over", target > 0 && seconds > target);
    }, 100);
  }

  // An exam's time left, counted down to its time limit (the server ends the sitting there).
  var examTimer = null;
  function startExamClock() {
    if (examTimer) { clearInterval(examTimer); examTimer = null; }
    var ends = document.querySelector("[data-exam-ends]");
    var left = ends && ends.querySelector("[data-exam-left]");
    var at = ends && Date.parse(ends.getAttribute("data-ends-at"));
    if (!left || !at) return;
    var value = left.querySelector("[data-exam-left-value]");
    function tick() {
      if (!document.body.contains(left)) { clearInterval(examTimer); examTimer = null; return; }
      var seconds = Math.max(0, Math.ceil((at - Date.now()) / 1000));
      var minutes = Math.floor(seconds / 60);
      value.textContent = minutes + ":" + String(seconds % 60).padStart(2, "0");
      left.hidden = false;
      ends.classList.toggle("drill__ends--low", seconds <= 60);
    }
    tick();
    examTimer = setInterval(tick, 1000);
  }

  // The sheet leaves the whole table in view above it when it can (at least 40% of the screen
  // stays the sheet's), and the page is padded by the sheet's height so nothing stays under it.
  function fitPanel() {
    var root = document.documentElement;
    var panel = document.querySelector("[data-panel]");
    var table = document.querySelector("#question-table [data-table]");
    if (!panel) return;
    if (!narrow()) {
      // Beside the table: as tall as the screen below the panel's top, so its foot stays in view.
      root.style.removeProperty("--sheet-max");
      root.style.removeProperty("--sheet-h");
      var top = Math.max(panel.getBoundingClientRect().top, 8);
      root.style.setProperty("--panel-max", Math.floor(window.innerHeight - top - 8) + "px");
      return;
    }
    var room = window.innerHeight;
    // The table and what is said above it (a hand walk's stop), from the top of the table's box.
    var box = document.querySelector("#question-table");
    var tableHeight = table && box ? table.getBoundingClientRect().bottom - box.getBoundingClientRect().top : 0;
    var max = Math.max(room * 0.4, room - tableHeight - 8);
    root.style.setProperty("--sheet-max", Math.floor(max) + "px");
    root.style.setProperty("--sheet-h", Math.ceil(panel.getBoundingClientRect().height) + "px");
  }

  function watchPanel() {
    if (panelWatch) { panelWatch.disconnect(); panelWatch = null; }
    var panel = document.querySelector("[data-panel]");
    if (!panel || !window.ResizeObserver) return;
    panelWatch = new ResizeObserver(function () { fitPanel(); });
    panelWatch.observe(panel);
    // The table too: a hand walk's table can change its height after the panel was fitted (a
    // stop said above it, a hint's marks), and the sheet must then leave it in view again.
    var table = document.querySelector("#question-table");
    if (table) panelWatch.observe(table);
  }

  // On a phone the question opens with the table at the top of the screen, the sheet below it.
  function showTable() {
    var table = document.querySelector("#question-table");
    // A hand walk's table after the answer too: the hand goes on there (the pot pushed).
    if (!table || !narrow() || !(form() || document.querySelector(".drill--live"))) return;
    window.scrollTo(0, Math.max(0, table.getBoundingClientRect().top + window.pageYOffset - 4));
  }

  // On a phone the keypad opens while an amount is being typed and closes for the other inputs,
  // so the sheet stays low; on a wide screen it stays open.
  function showKeypad(open) {
    var pad = document.querySelector("[data-keypad]");
    if (!pad) return;
    var wanted = amounts().length > 0 && (open || !narrow());
    if (pad.hidden === !wanted) return;
    pad.hidden = !wanted;
    fitPanel();
    if (wanted && activeAmount) {
      var around = activeAmount.closest(".field, .pot-row, .ranking__row") || activeAmount;
      around.scrollIntoView({ block: "nearest" });
    }
  }

  // The fold button of the phone's sheet (hidden on a wide screen, where the panel is beside).
  function setUpFold() {
    var button = document.querySelector("[data-panel-fold]");
    if (!button) return;
    button.hidden = !narrow();
    if (!narrow()) fold(false);
  }

  function fold(folded) {
    var panel = document.querySelector("[data-panel]");
    var button = document.querySelector("[data-panel-fold]");
    if (!panel || !button) return;
    panel.classList.toggle("drill__panel--folded", folded);
    button.setAttribute("aria-expanded", folded ? "false" : "true");
    fitPanel();
  }

  function openHistory() {
    // The hand's earlier streets are folded away on a phone; where there is room, open them all.
    if (!(window.matchMedia && window.matchMedia("(min-width: 60rem)").matches)) return;
    document.querySelectorAll("[data-history-street]").forEach(function (street) { street.open = true; });
  }

  function setUp() {
    openHistory();
    activeSeatField = null;
    activeAmount = null;
    showKeypad(false);
    if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) {
      // On a phone the keypad replaces the system keyboard, which would cover the table.
      amounts().forEach(function (input) { input.setAttribute("inputmode", "none"); });
    }
    revealOptionAmounts();
    setUpPots();
    markActive();
    startClock();
    startExamClock();
    setUpFold();
    fitPanel();
    watchPanel();
    showTable();
    var next = document.querySelector("[data-next]");
    if (next) next.focus({ preventScroll: narrow() });
  }

  document.addEventListener("click", function (event) {
    var key = event.target.closest("[data-key]");
    if (key) { event.preventDefault(); press(key.getAttribute("data-key")); return; }
    var foldButton = event.target.closest("[data-panel-fold]");
    if (foldButton) { fold(foldButton.getAttribute("aria-expanded") === "true"); return; }
    var add = event.target.closest("[data-pot-add]");
    if (add) { event.preventDefault(); addPot(add); return; }
    var seat = event.target.closest("[data-table] [data-seat]");
    if (seat && form()) { pickSeat(seat.getAttribute("data-seat")); }
  });

  document.addEventListener("focusin", function (event) {
    var field = event.target.closest && event.target.closest("[data-seat-field]");
    if (field) { activeSeatField = field; markActive(); }
    if (event.target.matches && event.target.matches("[data-amount]")) {
      activeAmount = event.target;
      showKeypad(true);
    } else if (event.target.closest && form() && form().contains(event.target) && !event.target.closest("[data-keypad], .answer-form__foot")) {
      showKeypad(false);
    }
  });

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-reveals]")) revealOptionAmounts();
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var typing = event.target.matches && event.target.matches("input[type=text], input[type=number], textarea, select");
    if (!typing && /^[1-9]$/.test(event.key) && form()) {
      if (pickSeat(event.key)) event.preventDefault();
      return;
    }
    if (!typing && (event.key === "n" || event.key === "N")) {
      var next = document.querySelector("[data-next]");
      if (next) {
        event.preventDefault();
        // A link htmx swapped in is set up when the swap settles: set it up now, so that a key
        // pressed at once still goes on by htmx rather than loading the page.
        if (window.htmx) window.htmx.process(next);
        next.click();
      }
      return;
    }
    if (event.key === "Enter" && !typing && form() && event.target.tagName !== "BUTTON" && event.target.tagName !== "A") {
      event.preventDefault();
      form().requestSubmit();
    }
  });

  var fitting = false;
  window.addEventListener("resize", function () { setUpFold(); fitPanel(); });
  window.addEventListener("scroll", function () {
    if (fitting || narrow()) return;
    fitting = true;
    window.requestAnimationFrame(function () { fitting = false; fitPanel(); });
  }, { passive: true });
  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:afterSettle", function (event) {
    // An answer may swap the seats it marks into the table beside the panel: those settle with
    // the panel, which sets the page up once.
    if (event.target.closest && event.target.closest("[data-table]")) return;
    setUp();
    // "Next question" swaps the page under the header: the reading starts at its top again, as
    // after a page load (the link that had the focus is gone).
    if (event.target.id === "main" && !document.querySelector("[data-next]")) {
      event.target.focus({ preventScroll: true });
    }
  });
})();
