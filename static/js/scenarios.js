// Authoring pages: mark that scripts run, so buttons needed only without JavaScript
// (the editor's "Update the preview", the list's "Filter") step aside for htmx's live updates.
document.documentElement.classList.add("js");

// The table editor (templates/scenarios/editor.html) posts the whole form and htmx swaps in only
// the regions the server redraws. A button clicked in such a region is replaced by its
// successor: keep focus there (same id), or on the nearest button still offered in the region,
// or on the region itself, and never let the page scroll for it. A refused save is the one
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
    const buttons = Array.from(region.querySelectorAll("button"));
    kept = { id: active.id, region: region.id, index: buttons.indexOf(active) };
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
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const region = document.getElementById(want.region);
    if (!region) return;
    const same = want.id && document.getElementById(want.id);
    let target = same && !same.disabled ? same : null;
    if (!target) {
      const buttons = Array.from(region.querySelectorAll("button"));
      const after = buttons.slice(Math.max(want.index, 0)).find((b) => !b.disabled);
      target = after || buttons.reverse().find((b) => !b.disabled) || region;
    }
    target.focus({ preventScroll: true });
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
