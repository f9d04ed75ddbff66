// Authoring pages: mark that scripts run, so buttons needed only without JavaScript
// (the editor's "Update the preview", the list's "Filter") step aside for htmx's live updates.
document.documentElement.classList.add("js");

// The table editor (templates/scenarios/editor.html) posts the whole form and htmx swaps in only
// the regions the server redraws. A button clicked in such a region is replaced by its
// successor: keep focus there (same id), or on the button of the region nearest to it on the screen,
// or on the region itself, and keep the region where it was on the screen. A refused save is the one
// answer that scrolls: its message appears above the save buttons.
(function () {
  let kept = null;
  let quiet = [];

  document.addEventListener("htmx:beforeSwap", (event) => {
    kept = null;
    if (!event.detail.elt.matches("form[data-editor]")) return;
    quiet = Array.from(document.querySelectorAll("[data-reveal]")).filter((r) => !r.children.length);
    const active = document.activeElement;
    const region = active && active.closest("[data-region]");
    if (!region) return;
    const top = region.getBoundingClientRect().top;
    const box = active.getBoundingClientRect();
    kept = { id: active.id, region: region.id, top, y: box.top + box.height / 2 };
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    if (!event.detail.elt.matches("form[data-editor]")) return;
    // A region marked data-reveal (a refused save) that was empty and now says something is
    // brought into view, unless the instructor is typing in a field meanwhile.
    const revealed = quiet.map((r) => document.getElementById(r.id)).find((r) => r && r.children.length);
    quiet = [];
    const typing = document.activeElement && document.activeElement.matches("input, textarea, select");
    if (revealed && !typing) {
      revealed.scrollIntoView({ block: "start" });
      revealed.focus({ preventScroll: true });
      kept = null;
      return;
    }
    if (!kept) return;
    const want = kept;
    kept = null;
    const region = document.getElementById(want.region);
    if (!region) return;
    // The hand log above grew by a line: scroll with it, so the buttons stay under the pointer.
    const moved = region.getBoundingClientRect().top - want.top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const same = want.id && document.getElementById(want.id);
    let target = same && !same.disabled ? same : null;
    if (!target) {
      // The button nearest on the screen to the one clicked (the first of equals).
      const distance = (b) => {
        const box = b.getBoundingClientRect();
        return Math.abs(box.top + box.height / 2 - want.y);
      };
      const offered = Array.from(region.querySelectorAll("button:not([disabled])"));
      target = offered.reduce((best, b) => (best && distance(best) <= distance(b) ? best : b), null) || region;
    }
    target.focus({ preventScroll: true });
    // The steps shrank (the hand is over) and left the focused button off the screen.
    const box = target.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) target.scrollIntoView({ block: "nearest" });
  });

  // A <details> the instructor opened or closed inside a redrawn region (the preview's streets)
  // keeps that state across redraws; one never touched keeps what the server says.
  const toggled = new Map();
  const detailsKey = (details) => {
    const region = details.closest("[data-region]");
    const summary = details.querySelector("summary");
    return region && summary ? `${region.id}:${summary.textContent.trim()}` : null;
  };
  document.addEventListener(
    "toggle",
    (event) => {
      const key = event.target.matches && event.target.matches("details") && detailsKey(event.target);
      if (key) toggled.set(key, event.target.open);
    },
    true,
  );
  document.addEventListener("htmx:afterSwap", (event) => {
    if (!event.detail.elt.matches("form[data-editor]")) return;
    event.detail.elt.querySelectorAll("[data-region] details").forEach((details) => {
      const key = detailsKey(details);
      if (key && toggled.has(key)) details.open = toggled.get(key);
    });
  });

  // A click queued behind a request still in flight: htmx reads the clicked button when the
  // request is sent, by then it may be replaced, so carry its value from the submit event.
  document.addEventListener("htmx:configRequest", (event) => {
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (!event.detail.elt.matches("form[data-editor]") || !submitter || !submitter.name) return;
    if (!event.detail.parameters.has(submitter.name)) {
      event.detail.parameters.append(submitter.name, submitter.value);
    }
  });
})();
