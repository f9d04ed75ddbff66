"""Compile locale/*/LC_MESSAGES/*.po into .mo files.

Uses Django's compilemessages (GNU gettext's msgfmt) when msgfmt is installed, and otherwise
compiles with polib, so a fresh machine without gettext still gets the Japanese pages.
"""

import shutil
from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Compile the project's translations (.po -> .mo)."

    def handle(self, *args: Any, **options: Any) -> None:
        locale_dirs = [Path(path) for path in settings.LOCALE_PATHS]
        if shutil.which("msgfmt"):
            # Ignoring every folder stops compilemessages from walking the tree (and the
            # virtualenv in it); it still compiles settings.LOCALE_PATHS.
            call_command("compilemessages", verbosity=options["verbosity"], ignore_patterns=["*"])
            return
        for locale_dir in locale_dirs:
            for po_path in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
                catalog = polib.pofile(str(po_path))
                broken = [entry.msgid for entry in catalog if "fuzzy" in entry.flags]
                if broken:
                    raise CommandError(f"{po_path}: fuzzy entries must be reviewed first: {broken[:3]}")
                catalog.save_as_mofile(str(po_path.with_suffix(".mo")))
                if options["verbosity"]:
                    self.stdout.write(f"compiled {po_path.relative_to(settings.BASE_DIR)}")
