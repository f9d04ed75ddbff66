// Authoring pages: mark that scripts run, so buttons needed only without JavaScript
// (the editor's "Update the preview", the list's "Filter") step aside for htmx's live updates.
document.documentElement.classList.add("js");
