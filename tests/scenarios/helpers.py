"""Helpers for the authoring tests: read a page's form the way a browser would submit it."""

from html.parser import HTMLParser

from django.http import QueryDict


class _FormReader(HTMLParser):
    def __init__(self, form_id):
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.depth = 0
        self.fields = []
        self._select = None
        self._option = None
        self._textarea = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == self.form_id:
            self.inside = True
            return
        if not self.inside:
            return
        if tag == "input":
            kind = a.get("type", "text")
            if not a.get("name") or kind in ("submit", "button", "file") or "disabled" in a:
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "on" if kind in ("checkbox", "radio") else "")))
        elif tag == "select" and a.get("name"):
            self._select = {"name": a["name"], "chosen": None, "first": None}
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select["first"] is None:
                self._select["first"] = value
            if "selected" in a:
                self._select["chosen"] = value
        elif tag == "textarea" and a.get("name"):
            self._textarea = a["name"]
            self._text = ""

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "select" and self._select is not None:
            chosen = self._select["chosen"] if self._select["chosen"] is not None else self._select["first"]
            if chosen is not None:
                self.fields.append((self._select["name"], chosen))
            self._select = None
        elif tag == "textarea" and self._textarea:
            self.fields.append((self._textarea, self._text.lstrip("\n")))
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            self._text += data


def form_data(html, form_id="editor", **changes):
    """The fields the form would submit, as {name: [values]} for the test client; ``changes``
    replace values (a list sets several values, None removes the field)."""
    reader = _FormReader(form_id)
    reader.feed(html)
    data = QueryDict(mutable=True)
    for name, value in reader.fields:
        data.appendlist(name, value)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        elif isinstance(value, list):
            data.setlist(name, [str(v) for v in value])
        else:
            data[name] = str(value)
    return {name: data.getlist(name) for name in data}


def buttons(html):
    """The values of the editor's submit buttons named ``op`` that are enabled."""
    import re

    out = []
    for match in re.finditer(r"<button\b([^>]*)>", html):
        attrs = match.group(1)
        name = re.search(r'name="([^"]*)"', attrs)
        value = re.search(r'value="([^"]*)"', attrs)
        if name and name.group(1) == "op" and value and " disabled" not in attrs:
            out.append(value.group(1).replace("&#x27;", "'").replace("&amp;", "&"))
    return out
