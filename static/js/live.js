// The live table of a hand walk: the moves since the last dealer decision played on the drawn
// table (cards pitched from the dealer, chips into the pot, the pot pushed to the winners), then
// the "Dealer decision required" banner. The table is drawn in its end state by the server; this
// only animates the way there, so without JavaScript, or with reduced motion, it simply stands.
// At table-ready pace a right answer goes on by itself after a visible countdown that can be stopped.
(function () {
  "use strict";

  var countdown = null;

  function reducedMotion() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function centre(el) {
    var r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  // The moves and facts: the page's JSON script, or the same data on the element (a part of the
  // page swapped in after an answer has no scripts left).
  function readData(root) {
    var script = root.querySelector("#live-data") || document.getElementById("live-data");
    var text = script ? script.textContent : root.getAttribute("data-live");
    if (!text) return null;
    try { return JSON.parse(text); } catch (e) { return null; }
  }

  function seatEl(table, seat) {
    return table.querySelector('[data-seat="' + seat + '"]');
  }

  // The cards a deal added to a seat: the last backs and the last faces (a folded hand is drawn
  // as backs only).
  function dealtCards(seat, down, up) {
    var box = seat.querySelector(".sseat__cards");
    if (!box) return { down: [], up: [] };
    var all = Array.prototype.slice.call(box.querySelectorAll("svg.scard"));
    var backs = all.filter(function (c) { return c.classList.contains("scard--back"); });
    var faces = all.filter(function (c) {
      return !c.classList.contains("scard--back") && !c.closest(".sseat__beside");
    });
    if (seat.classList.contains("sseat--out")) return { down: backs.slice(Math.max(0, backs.length - down - up)), up: [] };
    return {
      down: down ? backs.slice(Math.max(0, backs.length - down)) : [],
      up: up ? faces.slice(Math.max(0, faces.length - up)) : []
    };
  }

  function Player(root, data) {
    this.root = root;
    this.table = document.querySelector("[data-table]");
    this.layer = root.querySelector("[data-live-layer]");
    this.caption = root.querySelector("[data-live-caption]");
    this.pace = Math.max(30, data.pace || 140);
    this.animations = [];
    this.cards = 0;
    this.chips = 0;
    this.t = 0;
  }

  Player.prototype.dealer = function () {
    var dealer = this.table.querySelector(".stud__dealer") || this.table;
    return centre(dealer);
  };

  Player.prototype.pot = function () {
    var pot = this.table.querySelector("[data-pot='total']") || this.table.querySelector(".stud__felt") || this.table;
    return centre(pot);
  };

  Player.prototype.track = function (animation) {
    this.animations.push(animation);
    return animation;
  };

  // A card flies from the dealer to where it lies (it is already drawn there: it starts moved).
  Player.prototype.pitch = function (card, from) {
    var to = centre(card);
    card.setAttribute("data-live-card", "");
    this.cards += 1;
    this.track(card.animate(
      [
        { transform: "translate(" + (from.x - to.x) + "px," + (from.y - to.y) + "px) scale(0.5) rotate(-20deg)", opacity: 0.2 },
        { transform: "none", opacity: 1 }
      ],
      { duration: this.pace * 2.5, delay: this.t, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }
    ));
    this.t += this.pace;
  };

  // A small stack of chips slides between two points of the table, then goes.
  Player.prototype.slide = function (from, to) {
    var origin = this.layer.getBoundingClientRect();
    for (var i = 0; i < 3; i++) {
      var chip = document.createElement("span");
      chip.className = "live-chip";
      chip.setAttribute("data-live-chip", "");
      this.layer.appendChild(chip);
      var size = 16;
      var ax = from.x - origin.left - size / 2, ay = from.y - origin.top - size / 2 - i * 3;
      var bx = to.x - origin.left - size / 2, by = to.y - origin.top - size / 2 - i * 3;
      var animation = chip.animate(
        [
          { transform: "translate(" + ax + "px," + ay + "px)", opacity: 1 },
          { transform: "translate(" + bx + "px," + by + "px)", opacity: 1, offset: 0.85 },
          { transform: "translate(" + bx + "px," + by + "px)", opacity: 0 }
        ],
        { duration: this.pace * 4, delay: this.t + i * this.pace / 4, easing: "ease-in-out", fill: "both" }
      );
      this.track(animation);
      this.chips += 1;
    }
    this.t += this.pace * 2;
  };

  Player.prototype.say = function (text) {
    if (!text || !this.caption) return;
    var caption = this.caption;
    window.setTimeout(function () {
      caption.textContent = text;
      caption.classList.add("live-caption--on");
    }, this.t);
  };

  Player.prototype.pulse = function (el) {
    if (!el) return;
    this.track(el.animate(
      [{ transform: "scale(1)" }, { transform: "scale(1.04)" }, { transform: "scale(1)" }],
      { duration: this.pace * 3, delay: this.t }
    ));
    this.t += this.pace * 2;
  };

  Player.prototype.deals = function (group) {
    // Round by round, as a dealer pitches: every seat's first card, then every seat's second...
    var from = this.dealer();
    var self = this;
    var lists = group.map(function (move) {
      var seat = seatEl(self.table, move.seat);
      if (!seat) return [];
      var cards = dealtCards(seat, move.down || 0, move.up || 0);
      return cards.down.concat(cards.up);
    });
    var rounds = Math.max.apply(null, lists.map(function (l) { return l.length; }).concat([0]));
    for (var r = 0; r < rounds; r++) {
      lists.forEach(function (cards) { if (cards[r]) self.pitch(cards[r], from); });
    }
  };

  Player.prototype.move = function (move) {
    var seat = move.seat ? seatEl(this.table, move.seat) : null;
    if (move.t === "antes") {
      var pot = this.pot();
      var start = this.t;
      var self = this;
      (move.seats || []).forEach(function (number, i) {
        var s = seatEl(self.table, number);
        if (!s) return;
        var from = s.querySelector("[data-field='ante']") || s;
        self.t = start + i * self.pace / 3;
        self.slide(centre(from), pot);
      });
    } else if (move.t === "chips" && seat) {
      this.say(move.say);
      var stack = seat.querySelector("[data-field='stack']") || seat;
      this.slide(centre(stack), this.pot());
    } else if (move.t === "fold" && seat) {
      this.say(move.say);
      var cards = seat.querySelector(".sseat__cards");
      if (cards) {
        this.track(cards.animate(
          [{ opacity: 1, transform: "none" }, { opacity: 0.55, transform: "translateY(-4px)" }, { opacity: 0.55, transform: "none" }],
          { duration: this.pace * 3, delay: this.t, fill: "backwards" }
        ));
      }
      this.t += this.pace * 2;
    } else if (move.t === "check" && seat) {
      this.say(move.say);
      this.pulse(seat);
    } else if (move.t === "show" && seat) {
      this.pulse(seat);
    } else if (move.t === "community") {
      var card = this.table.querySelector(".stud__community svg.scard");
      if (card) this.pitch(card, this.dealer());
    } else if (move.t === "event") {
      this.pulse(this.table.querySelector(".stud__felt"));
    }
  };

  Player.prototype.play = function (moves, push) {
    var i = 0;
    while (i < moves.length) {
      if (moves[i].t === "deal") {
        var group = [];
        while (i < moves.length && moves[i].t === "deal") { group.push(moves[i]); i++; }
        this.deals(group);
      } else {
        this.move(moves[i]);
        i++;
      }
    }
    var self = this;
    (push || []).forEach(function (number) {
      var seat = seatEl(self.table, number);
      if (!seat) return;
      self.slide(self.pot(), centre(seat.querySelector("[data-field='stack']") || seat));
      seat.setAttribute("data-live-pushed", "");
    });
    this.root.setAttribute("data-live-cards", String(this.cards));
    this.root.setAttribute("data-live-chips", String(this.chips));
    return Promise.all(this.animations.map(function (a) { return a.finished.catch(function () {}); }));
  };

  Player.prototype.finish = function () {
    Array.prototype.slice.call(this.layer.querySelectorAll("[data-live-chip]")).forEach(function (c) { c.remove(); });
    if (this.caption) this.caption.classList.remove("live-caption--on");
    this.root.setAttribute("data-live-state", "done");
    var banner = document.querySelector("[data-live-banner]");
    if (banner) {
      banner.classList.remove("live-banner--waiting");
      if (!reducedMotion()) {
        banner.animate([{ transform: "translateY(-6px)", opacity: 0.4 }, { transform: "none", opacity: 1 }], { duration: 250 });
      }
    }
  };

  function playTable() {
    var root = document.querySelector("[data-live-root]");
    if (!root || root.hasAttribute("data-live-state")) return;
    var data = readData(root) || {};
    var moves = data.events || [];
    var push = data.push || [];
    var player = new Player(root, data);
    root.setAttribute("data-live-motion", reducedMotion() ? "reduced" : "full");
    if (reducedMotion() || !player.table || !player.layer || !player.table.animate || (!moves.length && !push.length)) {
      // The end state at once: the table as drawn.
      root.setAttribute("data-live-cards", "0");
      root.setAttribute("data-live-chips", "0");
      push.forEach(function (number) {
        var seat = player.table && seatEl(player.table, number);
        if (seat) seat.setAttribute("data-live-pushed", "");
      });
      player.finish();
      return;
    }
    root.setAttribute("data-live-state", "playing");
    var banner = document.querySelector("[data-live-banner]");
    if (banner) banner.classList.add("live-banner--waiting");
    player.play(moves, push).then(function () { player.finish(); });
  }

  function all(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  function markOdd(card, mark) {
    card.removeAttribute("data-live-card");
    card.classList.add(mark === "missing" ? "live-card--missing" : "live-card--odd");
    card.setAttribute("data-live-stop-mark", mark);
  }

  // A stop for a dealer error: its facts drawn on the table as the trainee would see them at a
  // real table (a card too many or one missing at a seat, a down card face up, a card pitched
  // before its street; the seat that acted, was called to bring in or was pushed the pot marked,
  // the caption over the table saying what happened). The facts come from the page's data, which
  // never names the error.
  function drawStop() {
    var root = document.querySelector("[data-live-root]");
    var table = document.querySelector("[data-table]");
    if (!root || !table || root.hasAttribute("data-live-stop-drawn")) return;
    var stop = (readData(root) || {}).stop;
    if (!stop) return;
    root.setAttribute("data-live-stop-drawn", "");
    var seat = stop.seat ? seatEl(table, stop.seat) : null;
    var box = seat && seat.querySelector(".sseat__cards");
    if (seat) seat.classList.add("live-seat--stop");
    var backs = box ? all(box, "svg.scard--back") : [];
    var faces = box ? all(box, "svg.scard").filter(function (c) {
      return !c.classList.contains("scard--back") && !c.closest(".sseat__beside");
    }) : [];
    var model = table.querySelector("svg.scard--back");
    if (stop.card && box) {
      var template = root.querySelector("[data-live-stop-card]");
      var down = backs[backs.length - 1];
      if (template && template.content.firstElementChild) {
        var face = template.content.firstElementChild.cloneNode(true);
        markOdd(face, "face");
        if (down) down.replaceWith(face); else box.appendChild(face);
      }
    } else if (stop.held === 0 && box) {
      var gone = stop.street === 7 ? backs[backs.length - 1] : faces[faces.length - 1];
      if (gone) markOdd(gone, "missing");
    } else if (stop.held > 0 && box && model) {
      var extra = seat.classList.contains("sseat--out") ? stop.held : stop.held - 1;
      for (var i = 0; i < Math.max(1, extra); i++) {
        var card = model.cloneNode(true);
        markOdd(card, "extra");
        box.appendChild(card);
      }
    } else if (stop.street && !stop.seat && model) {
      var felt = table.querySelector(".stud__felt") || table;
      var loose = document.createElement("p");
      loose.className = "live-loose";
      var pitched = model.cloneNode(true);
      markOdd(pitched, "extra");
      loose.appendChild(pitched);
      felt.appendChild(loose);
    }
  }

  // Learn and guided hints name seats to look at: mark them on the table.
  function markHintSeats() {
    var table = document.querySelector("[data-table]");
    if (!table) return;
    Array.prototype.slice.call(table.querySelectorAll(".live-seat--look")).forEach(function (s) {
      s.classList.remove("live-seat--look");
    });
    var hint = document.querySelector("[data-live-hint-seats]");
    if (!hint) return;
    hint.getAttribute("data-live-hint-seats").split(" ").forEach(function (number) {
      var seat = number && seatEl(table, number);
      if (seat) seat.classList.add("live-seat--look");
    });
  }

  function stopCountdown(box) {
    if (countdown) { window.clearInterval(countdown); countdown = null; }
    if (box) box.setAttribute("data-live-auto-state", "stopped");
  }

  function startCountdown() {
    var box = document.querySelector("[data-live-auto]");
    if (!box || box.hasAttribute("data-live-auto-state")) return;
    var next = document.querySelector("[data-next]");
    if (!next) return;
    var left = parseInt(box.getAttribute("data-live-auto"), 10) || 3;
    var count = box.querySelector("[data-live-count]");
    var template = count ? count.textContent : "";
    box.hidden = false;
    box.setAttribute("data-live-auto-state", "running");
    stopCountdown(null);
    countdown = window.setInterval(function () {
      if (!document.body.contains(box)) { stopCountdown(null); return; }
      left -= 1;
      if (count) count.textContent = template.replace(/\d+/, String(Math.max(0, left)));
      if (left <= 0) {
        stopCountdown(null);
        box.setAttribute("data-live-auto-state", "done");
        next.click();
      }
    }, 1000);
  }

  document.addEventListener("click", function (event) {
    var stop = event.target.closest && event.target.closest("[data-live-stop]");
    if (!stop) return;
    event.preventDefault();
    var box = stop.closest("[data-live-auto]");
    stopCountdown(box);
    stop.hidden = true;
    var count = box && box.querySelector("[data-live-count]");
    var stopped = box && box.querySelector("[data-live-stopped]");
    if (count) count.hidden = true;
    if (stopped) stopped.hidden = false;
  });

  // In the phone's sheet the banner gives way first when room runs short, down to its first line
  // (live.css): that line's height, measured, since it wraps with the words of each language.
  function fitBanner() {
    var banner = document.querySelector("[data-panel] > [data-live-banner]");
    var title = banner && banner.querySelector(".live-banner__title");
    if (!title) return;
    var bottom = title.getBoundingClientRect().bottom + banner.scrollTop;
    var height = Math.ceil(bottom - banner.getBoundingClientRect().top + 6);
    banner.style.setProperty("--live-first-line", height + "px");
  }

  window.addEventListener("resize", fitBanner);

  function setUp() {
    fitBanner();
    playTable();
    drawStop();
    markHintSeats();
    startCountdown();
  }

  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:afterSettle", setUp);
})();
