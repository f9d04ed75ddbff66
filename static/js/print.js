// A "Print" button: shown only when scripts run (without them, the browser's own print works).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
